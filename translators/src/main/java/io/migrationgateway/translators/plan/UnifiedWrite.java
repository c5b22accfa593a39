package io.migrationgateway.translators.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.Status;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * What a Resource API write made straight to unified storage (modes 3–5, where no legacy API stands between the
 * client and the store) becomes: the object to store, with what the legacy side would have filled in itself, and what
 * the write's answer alone adds to the stored object; or a refusal.
 */
public sealed interface UnifiedWrite {
    /** The object as the client wrote it, answered as stored: what every kind without server-made parts does. */
    static UnifiedWrite unchanged(ObjectNode object) {
        return new Store(object, UnaryOperator.identity());
    }

    /**
     * Store {@code object}; answer what {@code answer} makes of it as stored.
     *
     * @param answer adds what only this write's answer may carry (a new token's text), never stored
     */
    record Store(ObjectNode object, UnaryOperator<ObjectNode> answer) implements UnifiedWrite {
        public Store {
            Objects.requireNonNull(object, "object");
            Objects.requireNonNull(answer, "answer");
        }
    }

    /** Store nothing; the write fails with {@code status}. */
    record Refuse(Status status) implements UnifiedWrite {
        public Refuse {
            Objects.requireNonNull(status, "status");
        }
    }
}
