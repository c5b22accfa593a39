package io.migrationgateway.translators.legacy;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
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
            return Optional.of(isUtcSeconds(text) ? utcSeconds(text) : OffsetDateTime.parse(text).toInstant());
        } catch (DateTimeException e) { // an unparseable text, or a date or time out of range (February 30th)
            return Optional.empty();
        }
    }

    /**
     * Whether {@code text} has the form both worlds write ({@code 2006-01-02T15:04:05Z}), which {@link #utcSeconds} reads
     * without {@link java.time.format.DateTimeFormatter}: that parser took a tenth of the CPU time of translating a
     * dashboard read from unified storage (three times per answer, for many answers per list).
     */
    private static boolean isUtcSeconds(String text) {
        if (text.length() != 20 || text.charAt(19) != 'Z') {
            return false;
        }
        for (int i = 0; i < 19; i++) {
            char c = text.charAt(i);
            boolean ok = switch (i) {
                case 4, 7 -> c == '-';
                case 10 -> c == 'T';
                case 13, 16 -> c == ':';
                default -> c >= '0' && c <= '9';
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static Instant utcSeconds(String text) {
        return LocalDateTime.of(number(text, 0, 4), number(text, 5, 7), number(text, 8, 10), number(text, 11, 13),
                number(text, 14, 16), number(text, 17, 19)).toInstant(ZoneOffset.UTC);
    }

    private static int number(String digits, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            value = value * 10 + (digits.charAt(i) - '0');
        }
        return value;
    }
}
