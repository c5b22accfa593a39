package io.migrationgateway.legacysim.http;

import java.math.BigInteger;
import java.util.Optional;
import java.util.regex.Pattern;

/** Go's {@code strconv.ParseInt(text, 10, bits)}, which Grafana's handlers read path and item numbers with. */
public final class GoIntegers {
    private static final Pattern DECIMAL = Pattern.compile("[+-]?[0-9]+");

    private GoIntegers() {
    }

    /** The value, or empty where Go returns an error (no number, padding, non-ASCII digits, out of range). */
    public static Optional<Long> parse(String text, int bits) {
        if (!DECIMAL.matcher(text).matches()) {
            return Optional.empty();
        }
        BigInteger value = new BigInteger(text);
        return value.bitLength() < bits ? Optional.of(value.longValue()) : Optional.empty();
    }

    /** What a caller that ignores Go's error gets: 0 for no number, the nearest bound for a number out of range. */
    public static long parseIgnoringError(String text, int bits) {
        if (!DECIMAL.matcher(text).matches()) {
            return 0;
        }
        BigInteger value = new BigInteger(text);
        if (value.bitLength() < bits) {
            return value.longValue();
        }
        return value.signum() > 0 ? (1L << (bits - 1)) - 1 : -(1L << (bits - 1));
    }
}
