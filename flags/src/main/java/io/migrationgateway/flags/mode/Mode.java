package io.migrationgateway.flags.mode;

import java.util.Locale;

/**
 * A rung of the migration ladder (DESIGN §3), numbered as Grafana's dual-writer modes so that operators who
 * know them recognize them. Which store serves legacy and resource clients, and where writes go, is the
 * gateway's business; this type only names the rungs and orders them.
 */
public enum Mode {
    LEGACY(0, "legacy"),
    SHADOW(1, "shadow"),
    DUAL_WRITE(2, "dual-write"),
    UNIFIED_READ(3, "unified-read"),
    UNIFIED_ONLY(4, "unified-only"),
    LEGACY_RETIRED(5, "legacy-retired");

    private static final Mode[] BY_NUMBER = values();

    private final int number;
    private final String label;

    Mode(int number, String label) {
        this.number = number;
        this.label = label;
    }

    /** 0 to 5. */
    public int number() {
        return number;
    }

    /** The lower-case name operators use, such as {@code unified-only}. */
    public String label() {
        return label;
    }

    /** True from mode 4 on: legacy storage no longer receives writes, so its data may be stale. */
    public boolean legacyIsStale() {
        return number >= UNIFIED_ONLY.number;
    }

    /**
     * The mode with this number.
     *
     * @throws IllegalArgumentException when the number is not 0 to 5
     */
    public static Mode of(int number) {
        if (number < 0 || number >= BY_NUMBER.length) {
            throw new IllegalArgumentException("a mode is 0 to 5, got " + number);
        }
        return BY_NUMBER[number];
    }

    /**
     * Reads a mode given as its number ({@code 4}) or its label ({@code unified-only}).
     *
     * @throws IllegalArgumentException naming the accepted values when the text is neither
     */
    public static Mode parse(String text) {
        String value = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        for (Mode mode : BY_NUMBER) {
            if (value.equals(Integer.toString(mode.number)) || value.equals(mode.label)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("a mode is 0 to 5 (legacy, shadow, dual-write, unified-read, unified-only, "
                + "legacy-retired), got '" + text + "'");
    }

    /** {@code 4 unified-only}. */
    @Override
    public String toString() {
        return number + " " + label;
    }
}
