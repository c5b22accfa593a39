package io.migrationgateway.translators.legacy;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * Times as both worlds write them: RFC 3339 in UTC with second precision (Go's {@code time.Time} of a DATETIME
 * column, Kubernetes' {@code metav1.Time}); Go's zero time {@code 0001-01-01T00:00:00Z} for none.
 */
public final class LegacyTime {
    /** Go's zero {@code time.Time}, which Grafana writes for times it does not have ({@code meta.expires}). */
    public static final String ZERO = "0001-01-01T00:00:00Z";

    private LegacyTime() {
    }

    public static String format(Instant instant) {
        return instant == null ? ZERO : instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** The instant of an RFC 3339 text (any offset); empty for junk, blanks and Go's zero time. */
    public static Optional<Instant> parse(String text) {
        if (text == null || text.isBlank() || text.equals(ZERO)) {
            return Optional.empty();
        }
        try {
            return Optional.of(OffsetDateTime.parse(text).toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
