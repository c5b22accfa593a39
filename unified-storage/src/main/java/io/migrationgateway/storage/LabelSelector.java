package io.migrationgateway.storage;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A Kubernetes label selector ({@code ?labelSelector=}): requirements joined by commas, all of which must
 * hold. Supported forms: {@code k=v}, {@code k==v}, {@code k!=v}, {@code k in (a,b)}, {@code k notin (a,b)},
 * {@code k} (exists) and {@code !k} (does not exist). Keys may carry a DNS prefix
 * ({@code grafana.app/deprecatedInternalID}). As in Kubernetes, {@code !=} and {@code notin} also match
 * objects that lack the label.
 *
 * <p>Immutable and thread-safe. {@link #requirements()} exposes the parsed form so a store can evaluate
 * the selector in its own query language.
 */
public final class LabelSelector {
    /** Selects every object. */
    public static final LabelSelector EVERYTHING = new LabelSelector(List.of());

    /** How a requirement compares the label with its values. */
    public enum Operator { EQUALS, NOT_EQUALS, IN, NOT_IN, EXISTS, DOES_NOT_EXIST }

    /**
     * One requirement on one label key.
     *
     * @param values sorted and distinct; one value for EQUALS / NOT_EQUALS, at least one for IN / NOT_IN,
     *               none for EXISTS / DOES_NOT_EXIST
     */
    public record Requirement(String key, Operator operator, List<String> values) {
        public Requirement {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(operator, "operator");
            values = List.copyOf(values);
        }

        /** Whether a label value ({@code null} when the object lacks the label) meets this requirement. */
        public boolean matches(String value) {
            return switch (operator) {
                case EQUALS, IN -> value != null && values.contains(value);
                case NOT_EQUALS, NOT_IN -> value == null || !values.contains(value);
                case EXISTS -> value != null;
                case DOES_NOT_EXIST -> value == null;
            };
        }

        @Override
        public String toString() {
            return switch (operator) {
                case EQUALS -> key + "=" + values.getFirst();
                case NOT_EQUALS -> key + "!=" + values.getFirst();
                case IN -> key + " in (" + String.join(",", values) + ")";
                case NOT_IN -> key + " notin (" + String.join(",", values) + ")";
                case EXISTS -> key;
                case DOES_NOT_EXIST -> "!" + key;
            };
        }
    }

    private final List<Requirement> requirements;

    private LabelSelector(List<Requirement> requirements) {
        this.requirements = List.copyOf(requirements);
    }

    /**
     * Parses the Kubernetes selector syntax; {@code null} or blank selects everything.
     *
     * @throws StorageException BAD_REQUEST ({@code unable to parse requirement: ...}) on a syntax error or an
     *                          invalid key or value
     */
    public static LabelSelector parse(String text) {
        if (text == null || text.isBlank()) {
            return EVERYTHING;
        }
        return new LabelSelector(new Parser(text).parse());
    }

    public List<Requirement> requirements() {
        return requirements;
    }

    public boolean isEverything() {
        return requirements.isEmpty();
    }

    /** Whether an object with these labels ({@code metadata.labels}; {@code null} or missing = none) is selected. */
    public boolean matches(JsonNode labels) {
        for (Requirement r : requirements) {
            JsonNode v = labels == null || !labels.isObject() ? null : labels.get(r.key());
            if (!r.matches(v == null || v.isNull() ? null : v.asText())) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LabelSelector other && requirements.equals(other.requirements);
    }

    @Override
    public int hashCode() {
        return requirements.hashCode();
    }

    /** The selector in Kubernetes syntax (parses back to an equal selector). */
    @Override
    public String toString() {
        return requirements.stream().map(Requirement::toString).collect(Collectors.joining(","));
    }

    /** Recursive descent over a hand-made token stream, following the grammar of apimachinery's labels parser. */
    private static final class Parser {
        private static final Pattern NAME = Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
        private static final Pattern DNS_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
        private static final String SPECIAL = "!=(),<>";

        private final String text;
        private int pos;
        private String lastToken;

        Parser(String text) {
            this.text = text;
        }

        List<Requirement> parse() {
            List<Requirement> out = new ArrayList<>();
            while (true) {
                out.add(requirement());
                String t = next();
                if (t == null) {
                    return out;
                }
                if (!t.equals(",")) {
                    throw error("found '" + t + "', expected: ',' or 'end of string'");
                }
            }
        }

        private Requirement requirement() {
            String t = next();
            if ("!".equals(t)) {
                return new Requirement(key(next()), Operator.DOES_NOT_EXIST, List.of());
            }
            String key = key(t);
            String op = peek();
            if (op == null || op.equals(",")) {
                return new Requirement(key, Operator.EXISTS, List.of());
            }
            next();
            return switch (op) {
                case "=", "==" -> new Requirement(key, Operator.EQUALS, List.of(singleValue()));
                case "!=" -> new Requirement(key, Operator.NOT_EQUALS, List.of(singleValue()));
                case "in" -> new Requirement(key, Operator.IN, valueList(op));
                case "notin" -> new Requirement(key, Operator.NOT_IN, valueList(op));
                default -> throw error("found '" + op + "', expected: in, notin, =, ==, !=");
            };
        }

        private String singleValue() {
            String t = peek();
            if (t == null || t.equals(",")) {
                return "";
            }
            next();
            return value(t);
        }

        private List<String> valueList(String op) {
            if (!"(".equals(next())) {
                throw error("found '" + lastToken + "', expected: '('");
            }
            TreeSet<String> values = new TreeSet<>();
            boolean expectValue = true;
            while (true) {
                String t = next();
                if (t == null) {
                    throw error("found 'end of string', expected: ')'");
                }
                if (t.equals(")")) {
                    if (expectValue && !values.isEmpty()) {
                        values.add("");
                    }
                    break;
                }
                if (t.equals(",")) {
                    if (expectValue) {
                        values.add("");
                    }
                    expectValue = true;
                } else if (expectValue && !isSymbol(t)) {
                    values.add(value(t));
                    expectValue = false;
                } else {
                    throw error("found '" + t + "', expected: ',' or ')'");
                }
            }
            if (values.isEmpty()) {
                throw error("for '" + op + "', values set can't be empty");
            }
            return List.copyOf(values);
        }

        private String key(String t) {
            if (t == null || isSymbol(t)) {
                throw error("found '" + (t == null ? "end of string" : t) + "', expected: identifier");
            }
            int slash = t.indexOf('/');
            String name = slash < 0 ? t : t.substring(slash + 1);
            if (slash >= 0) {
                String prefix = t.substring(0, slash);
                if (prefix.isEmpty() || prefix.length() > 253 || !DNS_SUBDOMAIN.matcher(prefix).matches()) {
                    throw error("invalid label key \"" + t + "\": prefix part must be a lowercase RFC 1123 subdomain");
                }
            }
            if (name.isEmpty() || name.length() > 63 || !NAME.matcher(name).matches()) {
                throw error("invalid label key \"" + t + "\": name part must consist of alphanumeric characters, '-', '_'"
                    + " or '.', must start and end with an alphanumeric character and be at most 63 characters");
            }
            return t;
        }

        private String value(String t) {
            if (t.length() > 63 || !(t.isEmpty() || NAME.matcher(t).matches())) {
                throw error("invalid label value: \"" + t + "\": a valid label must be an empty string or consist of"
                    + " alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
                    + " (at most 63 characters)");
            }
            return t;
        }

        private static boolean isSymbol(String t) {
            return SPECIAL.indexOf(t.charAt(0)) >= 0 || t.equals("in") || t.equals("notin");
        }

        private String peek() {
            int saved = pos;
            String t = next();
            pos = saved;
            return t;
        }

        /** The next token: an operator, a parenthesis, a comma, or an identifier (keywords are identifiers). */
        private String next() {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
            if (pos >= text.length()) {
                lastToken = "end of string";
                return null;
            }
            char c = text.charAt(pos);
            String t;
            if ((c == '=' || c == '!') && pos + 1 < text.length() && text.charAt(pos + 1) == '=') {
                t = text.substring(pos, pos + 2);
            } else if (SPECIAL.indexOf(c) >= 0) {
                t = String.valueOf(c);
            } else {
                int end = pos;
                while (end < text.length() && !Character.isWhitespace(text.charAt(end))
                    && SPECIAL.indexOf(text.charAt(end)) < 0) {
                    end++;
                }
                t = text.substring(pos, end);
            }
            pos += t.length();
            lastToken = t;
            return t;
        }

        private StorageException error(String detail) {
            return new StorageException(StorageException.Reason.BAD_REQUEST, null,
                "unable to parse requirement: " + detail + " (in label selector \"" + text + "\")");
        }
    }
}
