package io.migrationgateway.translators.plan;

import java.util.Objects;
import java.util.Optional;

/**
 * A pattern a whole title must match, read as SQL {@code LIKE} reads it ({@code %}, {@code _}, {@code \}): Grafana's
 * legacy searches put the caller's text between two {@code %}, its own wildcards kept.
 *
 * @param caseSensitive {@code LIKE} (Grafana's playlist search) rather than {@code ILIKE} (its dashboard search)
 */
public record TitlePattern(String pattern, boolean caseSensitive) {
    public TitlePattern {
        Objects.requireNonNull(pattern, "pattern");
    }

    /** Titles containing {@code text}, Grafana's way. */
    public static TitlePattern containing(String text, boolean caseSensitive) {
        return new TitlePattern("%" + text + "%", caseSensitive);
    }

    /** The text a {@link #containing} pattern was made of, for an API that takes the text; empty when it is not one. */
    public Optional<String> containedText() {
        return pattern.length() >= 2 && pattern.startsWith("%") && pattern.endsWith("%")
                ? Optional.of(pattern.substring(1, pattern.length() - 1)) : Optional.empty();
    }
}
