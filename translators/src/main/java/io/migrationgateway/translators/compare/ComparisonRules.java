package io.migrationgateway.translators.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.translators.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Which parts of one kind of answer a structural comparison must ignore, as data (reference DESIGN §6): the shadow
 * comparison applies them to both answers of a route, the verifier to both objects of a row.
 *
 * @param volatilePaths  fields that differ between two correct answers even of one side: timestamps, version counters,
 *                       values built from slugs, generated uids
 * @param oneSidedPaths  fields that only one side can fill in correctly: legacy ids of objects the other side created,
 *                       legacy-only flags such as {@code hasAcl}, fields one store does not keep
 */
public record ComparisonRules(List<JsonPath> volatilePaths, List<JsonPath> oneSidedPaths) {
    public ComparisonRules {
        volatilePaths = List.copyOf(volatilePaths);
        oneSidedPaths = List.copyOf(oneSidedPaths);
    }

    /**
     * Rules from path texts.
     *
     * @throws IllegalArgumentException for a path outside the {@link JsonPath} subset
     */
    public static ComparisonRules of(List<String> volatilePaths, List<String> oneSidedPaths) {
        return new ComparisonRules(volatilePaths.stream().map(JsonPath::parse).toList(),
                oneSidedPaths.stream().map(JsonPath::parse).toList());
    }

    /** Nothing ignored. */
    public static ComparisonRules none() {
        return new ComparisonRules(List.of(), List.of());
    }

    /** These rules and {@code more} (an operator's extra ignore rules, say). */
    public ComparisonRules with(ComparisonRules more) {
        List<JsonPath> volatiles = new ArrayList<>(volatilePaths);
        volatiles.addAll(more.volatilePaths());
        List<JsonPath> oneSided = new ArrayList<>(oneSidedPaths);
        oneSided.addAll(more.oneSidedPaths());
        return new ComparisonRules(volatiles, oneSided);
    }

    /**
     * A copy of {@code answer} without the ignored paths, its numbers in the form they read back from the wire (so
     * that {@code 1} built as a long equals {@code 1} parsed as an int); {@code answer} is not changed.
     */
    public JsonNode normalize(JsonNode answer) {
        return removeIgnored(Json.tree(new String(Json.bytes(answer), StandardCharsets.UTF_8)));
    }

    /**
     * Removes the ignored paths from {@code parsed} itself and returns it: for a tree just read from the wire, which
     * the caller owns and whose numbers already have their wire form, so that it needs no copy (the copy
     * {@link #normalize} makes, a write and a read of the whole answer, was most of a shadow comparison's CPU time).
     */
    public JsonNode removeIgnored(JsonNode parsed) {
        volatilePaths.forEach(path -> path.removeFrom(parsed));
        oneSidedPaths.forEach(path -> path.removeFrom(parsed)); // a path in both lists is found once, then not again
        return parsed;
    }
}
