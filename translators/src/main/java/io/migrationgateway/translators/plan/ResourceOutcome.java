package io.migrationgateway.translators.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.Status;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The answer to a {@link ResourceCall}. */
public sealed interface ResourceOutcome {
    /**
     * The object read, created, updated, or (for a delete) its last state; for a {@link ResourceCall.Get} with a folder
     * kind, also the folder it sits in.
     *
     * @param folder the object's folder, empty at the root, when it does not exist, or when not asked for
     */
    record Found(ObjectNode object, Optional<ObjectNode> folder) implements ResourceOutcome {
        public Found {
            Objects.requireNonNull(object, "object");
            Objects.requireNonNull(folder, "folder");
        }

        public Found(ObjectNode object) {
            this(object, Optional.empty());
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

    /** Each tag with the number of objects that carry it, by tag. */
    record Tagged(List<TagCount> tags) implements ResourceOutcome {
        public Tagged {
            tags = List.copyOf(tags);
        }
    }

    /** A tag and how many objects carry it. */
    record TagCount(String term, long count) {
        public TagCount {
            Objects.requireNonNull(term, "term");
        }
    }

    /** The call was refused or failed. */
    record Failed(Status status) implements ResourceOutcome {
        public Failed {
            Objects.requireNonNull(status, "status");
        }
    }
}
