package io.migrationgateway.translators.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.Status;
import java.util.List;
import java.util.Objects;

/** The answer to a {@link ResourceCall}. */
public sealed interface ResourceOutcome {
    /** The object read, created, updated, or (for a delete) its last state. */
    record Found(ObjectNode object) implements ResourceOutcome {
        public Found {
            Objects.requireNonNull(object, "object");
        }
    }

    /** One page of a list; {@code continueToken} is empty on the last page. */
    record Listed(List<ObjectNode> items, String continueToken) implements ResourceOutcome {
        public Listed {
            items = List.copyOf(items);
            Objects.requireNonNull(continueToken, "continueToken");
        }
    }

    /** One page of a search's hits, in its order. */
    record Searched(List<SearchHit> hits) implements ResourceOutcome {
        public Searched {
            hits = List.copyOf(hits);
        }
    }

    /** The call was refused or failed. */
    record Failed(Status status) implements ResourceOutcome {
        public Failed {
            Objects.requireNonNull(status, "status");
        }
    }
}
