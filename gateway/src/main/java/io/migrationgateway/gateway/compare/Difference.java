package io.migrationgateway.gateway.compare;

import java.util.Objects;

/**
 * One place where two answers differ.
 *
 * @param path          where, as a JSON path ({@code $.meta.folderTitle}, {@code $.items[2].value}); {@code status} for
 *                      the HTTP status
 * @param authoritative the authoritative side's value there as JSON text, truncated; empty when it has none
 * @param shadow        the other side's value, likewise
 */
public record Difference(String path, String authoritative, String shadow) {
    public Difference {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(authoritative, "authoritative");
        Objects.requireNonNull(shadow, "shadow");
    }
}
