package io.migrationgateway.gateway.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.flipkart.zjsonpatch.DiffFlags;
import com.flipkart.zjsonpatch.JsonDiff;
import io.migrationgateway.gateway.config.ShadowConfig.IgnoreRule;
import io.migrationgateway.translators.compare.ComparisonRules;
import io.migrationgateway.translators.compare.JsonPath;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.json.SortedKeys;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * Compares two answers (or two objects) structurally, the way DESIGN §6 asks: both are normalized by the translator's
 * {@link ComparisonRules} and the operator's {@link IgnoreRule}s (paths left out, arrays compared in any order, numbers
 * within a tolerance), then diffed by zjsonpatch (RFC 6902), each operation becoming one {@link Difference} at a JSON
 * path with truncated samples of both sides. Immutable and thread-safe.
 */
public final class StructuralDiff {
    private static final EnumSet<DiffFlags> FLAGS = EnumSet.of(DiffFlags.OMIT_MOVE_OPERATION, DiffFlags.OMIT_COPY_OPERATION);
    private static final Comparator<JsonNode> CANONICAL = Comparator.comparing(node -> SortedKeys.sorted(node).toString());

    private final ComparisonRules rules;
    private final List<Rule> unordered;
    private final List<Rule> tolerant;
    private final int sampleChars;

    private record Rule(JsonPath path, double tolerance) {
    }

    /**
     * @param rules       the translator's rules for this route or kind
     * @param extra       the operator's rules for the resource
     * @param sampleChars characters kept of each sample
     */
    public StructuralDiff(ComparisonRules rules, List<IgnoreRule> extra, int sampleChars) {
        List<String> dropped = extra.stream().filter(IgnoreRule::drops).map(IgnoreRule::path).toList();
        this.rules = rules.with(ComparisonRules.of(List.of(), dropped));
        this.unordered = extra.stream().filter(IgnoreRule::arrayOrder).map(rule -> new Rule(JsonPath.parse(rule.path()), 0)).toList();
        this.tolerant = extra.stream().filter(rule -> rule.numberTolerance() > 0)
                .map(rule -> new Rule(JsonPath.parse(rule.path()), rule.numberTolerance())).toList();
        this.sampleChars = sampleChars;
    }

    /**
     * An answer to compare with several others (with the other side's answer, then with the authoritative side's second
     * one for the noise check), its body read and normalized once, when a comparison first needs it: bodies with the
     * same bytes need no reading at all, the usual case when a translator reproduces the legacy answer exactly. For
     * the comparisons of one thread; the comparisons do not change it.
     */
    public final class Prepared {
        private final Answer answer;
        private Optional<JsonNode> normalized;

        private Prepared(Answer answer) {
            this.answer = answer;
        }

        /** The body's tree, normalized, or empty when the body is not JSON. */
        private Optional<JsonNode> normalized() {
            if (normalized == null) {
                normalized = Json.parse(answer.body()).map(StructuralDiff.this::normalizedInPlace);
            }
            return normalized;
        }
    }

    /** {@code answer}, to be compared with several others by {@link #compare(Prepared, Answer)}. */
    public Prepared prepare(Answer answer) {
        return new Prepared(answer);
    }

    /** Where {@code shadow} differs from {@code authoritative}: the status first, then the bodies; empty when they agree. */
    public List<Difference> compare(Answer authoritative, Answer shadow) {
        return compare(prepare(authoritative), shadow);
    }

    /** Where {@code shadow} differs from the prepared {@code authoritative}; empty when they agree. */
    public List<Difference> compare(Prepared authoritative, Answer shadow) {
        Answer answer = authoritative.answer;
        List<Difference> differences = new ArrayList<>();
        if (answer.status() != shadow.status()) {
            differences.add(new Difference("status", Integer.toString(answer.status()), Integer.toString(shadow.status())));
        }
        if (Arrays.equals(answer.body(), shadow.body())) {
            return differences; // the same bytes normalize to the same tree
        }
        Optional<JsonNode> left = authoritative.normalized();
        Optional<JsonNode> right = Json.parse(shadow.body()).map(this::normalizedInPlace);
        if (left.isPresent() && right.isPresent()) {
            differences.addAll(differencesOfNormalized(left.get(), right.get()));
        } else {
            // at least one is not JSON (an empty body, say), and the bytes differ
            differences.add(new Difference("$", sample(answer.body()), sample(shadow.body())));
        }
        return differences;
    }

    /** Where {@code shadow} differs from {@code authoritative}, two JSON documents; neither is changed. */
    public List<Difference> compare(JsonNode authoritative, JsonNode shadow) {
        return differencesOfNormalized(unorderedSorted(rules.normalize(authoritative)), unorderedSorted(rules.normalize(shadow)));
    }

    private List<Difference> differencesOfNormalized(JsonNode left, JsonNode right) {
        List<Difference> differences = new ArrayList<>();
        for (JsonNode operation : JsonDiff.asJson(left, right, FLAGS)) {
            String pointer = operation.path("path").asText();
            List<String> tokens = PointerPaths.tokens(pointer);
            JsonNode before = left.at(pointer);
            JsonNode after = right.at(pointer);
            if (withinTolerance(tokens, before, after)) {
                continue;
            }
            differences.add(new Difference(PointerPaths.toJsonPath(tokens), sample(before), sample(after)));
        }
        return differences;
    }

    /** Applies the rules to {@code document} itself, a tree the caller owns: ignored paths out, unordered arrays sorted. */
    private JsonNode normalizedInPlace(JsonNode document) {
        return unorderedSorted(rules.removeIgnored(document));
    }

    /** Sorts, in {@code document} itself, the arrays the operator's rules compare in any order. */
    private JsonNode unorderedSorted(JsonNode document) {
        for (Rule rule : unordered) {
            PointerPaths.select(document, rule.path()).forEach(node -> {
                if (node instanceof ArrayNode array) {
                    List<JsonNode> elements = new ArrayList<>();
                    array.forEach(elements::add);
                    elements.sort(CANONICAL);
                    array.removeAll();
                    array.addAll(elements);
                }
            });
        }
        return document;
    }

    private boolean withinTolerance(List<String> tokens, JsonNode before, JsonNode after) {
        if (!before.isNumber() || !after.isNumber()) {
            return false;
        }
        double a = before.asDouble();
        double b = after.asDouble();
        double larger = Math.max(Math.abs(a), Math.abs(b));
        for (Rule rule : tolerant) {
            if (PointerPaths.matches(rule.path(), tokens) && Math.abs(a - b) <= rule.tolerance() * larger) {
                return true;
            }
        }
        return false;
    }

    private String sample(JsonNode value) {
        return value.isMissingNode() ? "" : truncate(value.toString());
    }

    private String sample(byte[] body) {
        return truncate(new String(body, StandardCharsets.UTF_8));
    }

    private String truncate(String text) {
        return text.length() <= sampleChars ? text : text.substring(0, sampleChars) + "…";
    }
}
