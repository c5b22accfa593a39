package io.migrationgateway.jobs.verify;

import java.util.List;

/** What the row-level comparison of one key found. */
public sealed interface Verdict {
    /** Both sides have it and the translator's comparison finds them equal. */
    record Match() implements Verdict {
    }

    /** Both sides have it and they differ at {@code paths}; {@code sample} shows both values at the first one. */
    record Mismatch(List<String> paths, String sample) implements Verdict {
    }

    /** Only the legacy side has it. */
    record MissingInUnified() implements Verdict {
    }

    /** Only unified storage has it. */
    record ExtraInUnified() implements Verdict {
    }

    /** The legacy row cannot be converted, so nothing on the unified side can equal it. */
    record Unconvertible(String reason) implements Verdict {
    }

    /** Neither side has it (any more). */
    record Gone() implements Verdict {
    }
}
