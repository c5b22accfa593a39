package io.migrationgateway.model.go;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Go's {@code strconv.ParseInt(text, 10, bits)}, which Grafana's handlers read path, header and body numbers with: the
 * legacy simulator, the translators and the gateway's org resolution must read them alike.
 */
public final class GoIntegers {
    /** An optional sign and ASCII digits, nothing else: no padding, no other digits. */
    private static final Pattern DECIMAL = Pattern.compile("[+-]?[0-9]+");

    private GoIntegers() {
    }

    /** The value, or empty where Go returns an error (no number, padding, non-ASCII digits, out of range). */
    public static Optional<Long> parse(String text, int bits) {
        if (text == null || !DECIMAL.matcher(text).matches()) {
            return Optional.empty();
        }
        try {
            long value = Long.parseLong(text);
            return fits(value, bits) ? Optional.of(value) : Optional.empty();
        } catch (NumberFormatException outOfRange) {
            return Optional.empty();
        }
    }

    /** What a caller that ignores Go's error gets: 0 for no number, the nearest bound for a number out of range. */
    public static long parseIgnoringError(String text, int bits) {
        if (text == null || !DECIMAL.matcher(text).matches()) {
            return 0;
        }
        long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
        long min = bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1));
        try {
            return Math.max(min, Math.min(max, Long.parseLong(text)));
        } catch (NumberFormatException outOfRange) {
            return text.startsWith("-") ? min : max;
        }
    }

    private static boolean fits(long value, int bits) {
        return bits == 64 || (value >= -(1L << (bits - 1)) && value <= (1L << (bits - 1)) - 1);
    }
}
