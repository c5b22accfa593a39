package io.migrationgateway.jobs.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.table.LegacyTable;
import io.migrationgateway.translators.RowConverter.Conversion;
import io.migrationgateway.translators.RowConverter.Converted;
import io.migrationgateway.translators.RowConverter.Unconvertible;
import io.migrationgateway.translators.compare.ComparisonRules;
import java.util.List;

/**
 * The authoritative comparison of one key: the legacy row converted by the translator against the stored object,
 * both normalized by the translator's comparison rules for resource objects.
 */
public final class RowComparison<R> {
    private static final int SAMPLE_CHARS = 200;

    private final LegacyTable<R> table;
    private final ComparisonRules rules;

    public RowComparison(LegacyTable<R> table) {
        this.table = table;
        this.rules = table.translator().resourceRules();
    }

    /** Either side may be null (absent). */
    public Verdict compare(LegacyRow<R> legacy, ObjectNode unified) {
        if (legacy == null) {
            return unified == null ? new Verdict.Gone() : new Verdict.ExtraInUnified();
        }
        Conversion conversion = table.converter().toResource(legacy.row());
        if (conversion instanceof Unconvertible u) {
            return new Verdict.Unconvertible(u.reason());
        }
        if (unified == null) {
            return new Verdict.MissingInUnified();
        }
        JsonNode expected = rules.normalize(((Converted) conversion).object());
        JsonNode actual = rules.normalize(unified);
        List<String> paths = JsonDiff.paths(expected, actual);
        if (paths.isEmpty()) {
            return new Verdict.Match();
        }
        String first = paths.getFirst();
        return new Verdict.Mismatch(paths, "legacy " + cut(JsonDiff.at(expected, first).toString()) + ", unified "
            + cut(JsonDiff.at(actual, first).toString()));
    }

    private static String cut(String text) {
        return text.length() <= SAMPLE_CHARS ? text : text.substring(0, SAMPLE_CHARS) + "...";
    }
}
