package io.migrationgateway.gateway.shadow;

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

    /** Where {@code shadow} differs from {@code authoritative}: the status first, then the bodies; empty when they agree. */
    public List<Difference> compare(Answer authoritative, Answer shadow) {
        List<Difference> differences = new ArrayList<>();
        if (authoritative.status() != shadow.status()) {
            differences.add(new Difference("status", Integer.toString(authoritative.status()), Integer.toString(shadow.status())));
        }
        Optional<JsonNode> left = Json.parse(authoritative.body());
        Optional<JsonNode> right = Json.parse(shadow.body());
        if (left.isPresent() && right.isPresent()) {
            differences.addAll(compare(left.get(), right.get()));
        } else if (left.isPresent() != right.isPresent() || !Arrays.equals(authoritative.body(), shadow.body())) {
            // at least one is not JSON (an empty body, say): only equal bytes agree
            differences.add(new Difference("$", sample(authoritative.body()), sample(shadow.body())));
        }
        return differences;
    }

    /** Where {@code shadow} differs from {@code authoritative}, two JSON documents; neither is changed. */
    public List<Difference> compare(JsonNode authoritative, JsonNode shadow) {
        JsonNode left = normalized(authoritative);
        JsonNode right = normalized(shadow);
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

    private JsonNode normalized(JsonNode document) {
        JsonNode copy = rules.normalize(document);
        for (Rule rule : unordered) {
            PointerPaths.select(copy, rule.path()).forEach(node -> {
                if (node instanceof ArrayNode array) {
                    List<JsonNode> elements = new ArrayList<>();
                    array.forEach(elements::add);
                    elements.sort(CANONICAL);
                    array.removeAll();
                    array.addAll(elements);
                }
            });
        }
        return copy;
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
