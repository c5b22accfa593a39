package io.migrationgateway.jobs.verify;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The JSON paths where two documents differ, in the path syntax of the comparison rules ({@code $.spec.title},
 * {@code $.metadata.annotations['grafana.app/folder']}, {@code $.spec.panels[3]}): the deepest differing node of
 * each branch, in document order, numbers compared by value.
 */
public final class JsonDiff {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private JsonDiff() {
    }

    public static List<String> paths(JsonNode a, JsonNode b) {
        List<String> out = new ArrayList<>();
        diff("$", a, b, out);
        return out;
    }

    /** The node at a path {@link #paths} returned, or a missing node. */
    public static JsonNode at(JsonNode root, String path) {
        JsonNode node = root;
        int i = 1;
        while (i < path.length() && node != null) {
            char c = path.charAt(i);
            if (c == '.') {
                int end = i + 1;
                while (end < path.length() && path.charAt(end) != '.' && path.charAt(end) != '[') {
                    end++;
                }
                node = node.get(path.substring(i + 1, end));
                i = end;
            } else if (path.startsWith("['", i)) {
                int end = path.indexOf("']", i);
                node = node.get(path.substring(i + 2, end));
                i = end + 2;
            } else {
                int end = path.indexOf(']', i);
                node = node.get(Integer.parseInt(path.substring(i + 1, end)));
                i = end + 1;
            }
        }
        return node == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : node;
    }

    private static void diff(String path, JsonNode a, JsonNode b, List<String> out) {
        if (a == null || b == null) {
            if (a != b) {
                out.add(path);
            }
            return;
        }
        if (a.isObject() && b.isObject()) {
            TreeSet<String> names = new TreeSet<>();
            a.fieldNames().forEachRemaining(names::add);
            b.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                diff(path + member(name), a.get(name), b.get(name), out);
            }
        } else if (a.isArray() && b.isArray()) {
            for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
                diff(path + "[" + i + "]", a.get(i), b.get(i), out);
            }
        } else if (a.isNumber() && b.isNumber()) {
            if (a.decimalValue().compareTo(b.decimalValue()) != 0) {
                out.add(path);
            }
        } else if (!a.equals(b)) {
            out.add(path);
        }
    }

    private static String member(String name) {
        return PLAIN.matcher(name).matches() ? "." + name : "['" + name + "']";
    }
}
