package io.migrationgateway.jobs.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.jobs.work.KeptMetadata;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.table.LegacyTable;
import io.migrationgateway.translators.RowConverter.Conversion;
import io.migrationgateway.translators.RowConverter.Converted;
import io.migrationgateway.translators.RowConverter.Unconvertible;
import io.migrationgateway.translators.compare.ComparisonRules;
import java.util.ArrayList;
import java.util.List;

/**
 * The authoritative comparison of keys: the legacy row converted by the translator, with the metadata the gateway
 * keeps for its object (as a read in modes 0–2 shows it), against the stored object, both normalized by the
 * translator's comparison rules for resource objects, which leave the uid out: a kept uid is compared all the same.
 */
public final class RowComparison<R> {
    private static final int SAMPLE_CHARS = 200;

    private final LegacyTable<R> table;
    private final ComparisonRules rules;
    private final GroupResource resource;
    private final KeptMetadata kept;

    public RowComparison(LegacyTable<R> table, GroupResource resource, KeptMetadata kept) {
        this.table = table;
        this.rules = table.translator().resourceRules();
        this.resource = resource;
        this.kept = kept;
    }

    /**
     * One key's two sides.
     *
     * @param legacy  its legacy row, null when absent
     * @param unified its stored object, null when absent
     * @param uidKept whether a uid is kept for its object, which the stored object must then have
     */
    public record Sides<R>(LegacyRow<R> legacy, ObjectNode unified, boolean uidKept) {
    }

    /** The verdict of each key, in order; the metadata kept for their objects is looked up once for all. */
    public List<Verdict> compare(List<Sides<R>> keys) {
        List<Conversion> conversions = new ArrayList<>(keys.size());
        List<ObjectNode> compared = new ArrayList<>();
        for (Sides<R> sides : keys) {
            Conversion conversion = sides.legacy() == null ? null : table.converter().toResource(sides.legacy().row());
            conversions.add(conversion);
            if (conversion instanceof Converted converted && sides.unified() != null) {
                compared.add(converted.object());
            }
        }
        kept.merge(resource, compared);
        List<Verdict> verdicts = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            verdicts.add(verdict(keys.get(i), conversions.get(i)));
        }
        return verdicts;
    }

    private Verdict verdict(Sides<R> sides, Conversion conversion) {
        if (sides.legacy() == null) {
            return sides.unified() == null ? new Verdict.Gone() : new Verdict.ExtraInUnified();
        }
        if (conversion instanceof Unconvertible u) {
            return new Verdict.Unconvertible(u.reason());
        }
        if (sides.unified() == null) {
            return new Verdict.MissingInUnified();
        }
        ObjectNode object = ((Converted) conversion).object();
        JsonNode expected = rules.normalize(object);
        JsonNode actual = rules.normalize(sides.unified());
        if (sides.uidKept()) {
            keepUid(expected, object);
            keepUid(actual, sides.unified());
        }
        List<String> paths = JsonDiff.paths(expected, actual);
        if (paths.isEmpty()) {
            return new Verdict.Match();
        }
        String first = paths.getFirst();
        return new Verdict.Mismatch(paths, "legacy " + cut(JsonDiff.at(expected, first).toString()) + ", unified "
            + cut(JsonDiff.at(actual, first).toString()));
    }

    /** Puts back into {@code normalized} the uid of {@code original}, which the rules took out. */
    private static void keepUid(JsonNode normalized, JsonNode original) {
        JsonNode uid = original.path("metadata").get("uid");
        if (uid != null && normalized.get("metadata") instanceof ObjectNode metadata) {
            metadata.set("uid", uid);
        }
    }

    private static String cut(String text) {
        return text.length() <= SAMPLE_CHARS ? text : text.substring(0, SAMPLE_CHARS) + "...";
    }
}
