package io.migrationgateway.translators;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * Turns one row of Grafana's legacy tables (reference §5.1) into the resource object the migration jobs write to
 * unified storage, exactly as Grafana's own migration does (reference §3.1). Pure and thread-safe; never throws.
 *
 * @param <R> the row type, which names the columns the job must read
 */
@FunctionalInterface
public interface RowConverter<R> {
    Conversion toResource(R row);

    /**
     * {@link #toResource}'s object for a writer that serializes it without looking into its spec (unified storage's
     * import): the same JSON, but parts of it may be Jackson raw values ({@code RawValue} in a {@code POJONode}), JSON
     * text written as it is, which spares building and walking a tree of a large document.
     */
    default Conversion toImport(R row) {
        return toResource(row);
    }

    /** The outcome of converting one row. */
    sealed interface Conversion {
    }

    /** The object to write. */
    record Converted(ObjectNode object) implements Conversion {
        public Converted {
            Objects.requireNonNull(object, "object");
        }
    }

    /** A row that cannot become an object (its stored JSON is corrupt, say), with the reason for the job's report. */
    record Unconvertible(String reason) implements Conversion {
        public Unconvertible {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
