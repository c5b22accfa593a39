package io.migrationgateway.gateway.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.compare.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * JSON Pointers (RFC 6901, what a JSON diff names) as the JSON paths that comparison rules and reports use, and the
 * places a {@link JsonPath} names in a document.
 */
final class PointerPaths {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern INDEX = Pattern.compile("0|[1-9][0-9]*");

    private PointerPaths() {
    }

    /** {@code /meta/a~1b} as {@code [meta, a/b]}; the root {@code ""} as none. */
    static List<String> tokens(String pointer) {
        List<String> tokens = new ArrayList<>();
        if (pointer.isEmpty()) {
            return tokens;
        }
        for (String token : pointer.substring(1).split("/", -1)) {
            tokens.add(token.replace("~1", "/").replace("~0", "~"));
        }
        return tokens;
    }

    /**
     * Pointer tokens as a JSON path: names as {@code .name} (or {@code ['name']} when they are not plain), numbers as
     * {@code [n]}; a numeric token is read as an index, as arrays are far more common than numeric keys in answers.
     */
    static String toJsonPath(List<String> tokens) {
        StringBuilder path = new StringBuilder("$");
        for (String token : tokens) {
            if (INDEX.matcher(token).matches()) {
                path.append('[').append(token).append(']');
            } else if (PLAIN.matcher(token).matches()) {
                path.append('.').append(token);
            } else {
                path.append("['").append(token).append("']");
            }
        }
        return path.toString();
    }

    /** Whether {@code path} names the place {@code tokens} point at. */
    static boolean matches(JsonPath path, List<String> tokens) {
        if (path.steps().size() != tokens.size()) {
            return false;
        }
        for (int i = 0; i < tokens.size(); i++) {
            boolean same = switch (path.steps().get(i)) {
                case JsonPath.Member member -> member.name().equals(tokens.get(i));
                case JsonPath.Index index -> Integer.toString(index.index()).equals(tokens.get(i));
                case JsonPath.Wildcard ignored -> true;
            };
            if (!same) {
                return false;
            }
        }
        return true;
    }

    /** Every node {@code path} names in {@code root}. */
    static List<JsonNode> select(JsonNode root, JsonPath path) {
        List<JsonNode> found = new ArrayList<>();
        collect(root, path, 0, found);
        return found;
    }

    private static void collect(JsonNode node, JsonPath path, int step, List<JsonNode> found) {
        if (step == path.steps().size()) {
            found.add(node);
            return;
        }
        switch (path.steps().get(step)) {
            case JsonPath.Member member -> {
                if (node instanceof ObjectNode object && object.has(member.name())) {
                    collect(object.get(member.name()), path, step + 1, found);
                }
            }
            case JsonPath.Index index -> {
                if (node instanceof ArrayNode array && index.index() >= 0 && index.index() < array.size()) {
                    collect(array.get(index.index()), path, step + 1, found);
                }
            }
            case JsonPath.Wildcard ignored -> node.forEach(child -> collect(child, path, step + 1, found));
        }
    }
}
