package io.migrationgateway.translators.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A small JSONPath subset that names places in a JSON document, for comparison rules: {@code $} then any of
 * {@code .name}, {@code ['any name']} (for keys with dots or slashes, such as annotations), {@code [*]} (every element
 * or member) and {@code [n]}. Examples: {@code $.meta.created}, {@code $[*].id},
 * {@code $.metadata.annotations['grafana.app/updatedTimestamp']}.
 *
 * @param text  the path as written
 * @param steps its parsed steps
 */
public record JsonPath(String text, List<Step> steps) {
    /** One step down. */
    public sealed interface Step {
    }

    /** An object member by name. */
    public record Member(String name) implements Step {
    }

    /** An array element by position. */
    public record Index(int index) implements Step {
    }

    /** Every array element or object member. */
    public record Wildcard() implements Step {
    }

    public JsonPath {
        Objects.requireNonNull(text, "text");
        steps = List.copyOf(steps);
    }

    /**
     * Parses a path.
     *
     * @throws IllegalArgumentException when {@code text} is not in the subset (rules are configuration: fail early)
     */
    public static JsonPath parse(String text) {
        if (text == null || !text.startsWith("$")) {
            throw new IllegalArgumentException("a JSON path starts with $: " + text);
        }
        List<Step> steps = new ArrayList<>();
        int i = 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '.') {
                int end = i + 1;
                while (end < text.length() && text.charAt(end) != '.' && text.charAt(end) != '[') {
                    end++;
                }
                if (end == i + 1) {
                    throw new IllegalArgumentException("empty member name at " + i + " in " + text);
                }
                steps.add(new Member(text.substring(i + 1, end)));
                i = end;
            } else if (text.startsWith("[*]", i)) {
                steps.add(new Wildcard());
                i += 3;
            } else if (text.startsWith("['", i)) {
                int end = text.indexOf("']", i + 2);
                if (end < 0) {
                    throw new IllegalArgumentException("unclosed ['name'] at " + i + " in " + text);
                }
                steps.add(new Member(text.substring(i + 2, end)));
                i = end + 2;
            } else if (c == '[') {
                int end = text.indexOf(']', i);
                try {
                    steps.add(new Index(Integer.parseInt(text.substring(i + 1, end < 0 ? i + 1 : end))));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("expected [n], [*] or ['name'] at " + i + " in " + text, e);
                }
                i = end + 1;
            } else {
                throw new IllegalArgumentException("unexpected '" + c + "' at " + i + " in " + text);
            }
        }
        return new JsonPath(text, steps);
    }

    /** Removes every place this path names from {@code root}, in place; the root itself is never removed. */
    void removeFrom(JsonNode root) {
        if (!steps.isEmpty()) {
            remove(root, 0);
        }
    }

    private void remove(JsonNode node, int step) {
        Step current = steps.get(step);
        boolean last = step == steps.size() - 1;
        switch (current) {
            case Member member -> {
                if (node instanceof ObjectNode object) {
                    if (last) {
                        object.remove(member.name());
                    } else if (object.has(member.name())) {
                        remove(object.get(member.name()), step + 1);
                    }
                }
            }
            case Index index -> {
                if (node instanceof ArrayNode array && index.index() >= 0 && index.index() < array.size()) {
                    if (last) {
                        array.remove(index.index());
                    } else {
                        remove(array.get(index.index()), step + 1);
                    }
                }
            }
            case Wildcard ignored -> {
                if (last) {
                    if (node instanceof ArrayNode array) {
                        array.removeAll();
                    } else if (node instanceof ObjectNode object) {
                        object.removeAll();
                    }
                } else if (node instanceof ArrayNode array) {
                    array.forEach(element -> remove(element, step + 1));
                } else if (node instanceof ObjectNode object) {
                    for (Iterator<Map.Entry<String, JsonNode>> it = object.properties().iterator(); it.hasNext(); ) {
                        remove(it.next().getValue(), step + 1);
                    }
                }
            }
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
