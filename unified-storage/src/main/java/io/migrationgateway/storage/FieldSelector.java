package io.migrationgateway.storage;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A Kubernetes field selector ({@code ?fieldSelector=}) over the fields every stored object has:
 * {@code metadata.name} and {@code metadata.namespace}, compared with {@code =}, {@code ==} or {@code !=};
 * terms joined by commas must all hold. Values may escape {@code \,}, {@code \=}, {@code \!} and
 * {@code \\} as in Kubernetes. Other field labels are refused, as the apiserver refuses them for
 * custom resources.
 *
 * <p>Immutable and thread-safe. {@link #requirements()} exposes the parsed form so a store can evaluate
 * the selector in its own query language.
 */
public final class FieldSelector {
    /** Selects every object. */
    public static final FieldSelector EVERYTHING = new FieldSelector(List.of());

    /** The selectable fields. */
    public enum Field {
        NAME("metadata.name"), NAMESPACE("metadata.namespace");

        private final String label;

        Field(String label) {
            this.label = label;
        }

        /** The field label as written in selectors. */
        public String label() {
            return label;
        }
    }

    /** One term: the field equals ({@code equal}) or differs from {@code value}. */
    public record Requirement(Field field, boolean equal, String value) {
        public Requirement {
            Objects.requireNonNull(field, "field");
            Objects.requireNonNull(value, "value");
        }

        public boolean matches(String namespace, String name) {
            String actual = field == Field.NAME ? name : namespace;
            return value.equals(actual == null ? "" : actual) == equal;
        }

        @Override
        public String toString() {
            return field.label() + (equal ? "=" : "!=") + escape(value);
        }
    }

    private final List<Requirement> requirements;

    private FieldSelector(List<Requirement> requirements) {
        this.requirements = List.copyOf(requirements);
    }

    /**
     * Parses a field selector; {@code null} or blank selects everything.
     *
     * @throws StorageException BAD_REQUEST: {@code field label not supported: x} for a field other than
     *                          {@code metadata.name} / {@code metadata.namespace}, {@code invalid selector: ...}
     *                          for a term without an operator or with a bad escape, or a NUL character
     */
    public static FieldSelector parse(String text) {
        if (text == null || text.isBlank()) {
            return EVERYTHING;
        }
        if (text.indexOf('\u0000') >= 0) {
            // no name holds one, and no store takes one: refused alike whichever store answers
            throw new StorageException(StorageException.Reason.BAD_REQUEST, null, "invalid selector: '" + text.replace('\u0000', '?')
                + "': a value may not contain NUL characters");
        }
        List<Requirement> out = new ArrayList<>();
        for (String term : splitUnescaped(text)) {
            if (!term.isEmpty()) {
                out.add(term(text, term));
            }
        }
        return new FieldSelector(out);
    }

    /** Selects exactly the object named {@code name} (what {@code metadata.name=name} parses to). */
    public static FieldSelector nameEquals(String name) {
        return new FieldSelector(List.of(new Requirement(Field.NAME, true, name)));
    }

    public List<Requirement> requirements() {
        return requirements;
    }

    public boolean isEverything() {
        return requirements.isEmpty();
    }

    public boolean matches(String namespace, String name) {
        for (Requirement r : requirements) {
            if (!r.matches(namespace, name)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FieldSelector other && requirements.equals(other.requirements);
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

    private static List<String> splitUnescaped(String text) {
        List<String> terms = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == ',') {
                terms.add(text.substring(start, i));
                start = i + 1;
            }
        }
        terms.add(text.substring(start));
        return terms;
    }

    /** Splits at the first unescaped operator; like apimachinery, {@code !=} and {@code ==} win over {@code =}. */
    private static Requirement term(String selector, String term) {
        for (int i = 0; i < term.length(); i++) {
            char c = term.charAt(i);
            if (c == '\\') {
                i++;
                continue;
            }
            String op = term.startsWith("!=", i) ? "!=" : term.startsWith("==", i) ? "==" : c == '=' ? "=" : null;
            if (op != null) {
                String label = term.substring(0, i).trim();
                Field field = field(label);
                return new Requirement(field, !op.equals("!="), unescape(selector, term.substring(i + op.length())));
            }
        }
        throw badRequest("invalid selector: '" + selector + "'; can't understand '" + term + "'");
    }

    private static Field field(String label) {
        for (Field f : Field.values()) {
            if (f.label().equals(label)) {
                return f;
            }
        }
        throw badRequest("field label not supported: " + label);
    }

    private static String unescape(String selector, String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\') {
                if (i + 1 >= value.length() || "\\,=!".indexOf(value.charAt(i + 1)) < 0) {
                    throw badRequest("invalid selector: '" + selector + "'; invalid escape sequence in '" + value + "'");
                }
                c = value.charAt(++i);
            } else if (c == '=' || c == '!' || c == ',') {
                throw badRequest("invalid selector: '" + selector + "'; unescaped '" + c + "' in '" + value + "'");
            }
            out.append(c);
        }
        return out.toString();
    }

    private static String escape(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (char c : value.toCharArray()) {
            if ("\\,=!".indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    private static StorageException badRequest(String message) {
        return new StorageException(StorageException.Reason.BAD_REQUEST, null, message);
    }
}
