package io.migrationgateway.gateway.lane;

import java.nio.ByteBuffer;

/**
 * Finds where a chunked body ends (RFC 9112 §7.1) in bytes that are relayed unchanged: chunk sizes, extensions, data,
 * the last chunk and the trailer section, fed in whatever pieces the upstream sends them. The fast lane needs the end to
 * know when the upstream connection is free again. The data itself is not decoded, but may be copied on the way (a
 * {@link BodyCopy}, for a shadow comparison).
 */
final class ChunkedBodyEnd {
    static final int NOT_YET = -1;
    static final int MALFORMED = -2;

    private enum State { SIZE, EXTENSION, SIZE_LF, DATA, DATA_CR, DATA_LF, TRAILER_LINE_START, TRAILER_LINE, TRAILER_LF, END_LF }

    private final BodyCopy copy;
    private State state = State.SIZE;
    private long remaining;
    private int sizeDigits;

    /** @param copy where the chunks' data is copied, or null */
    ChunkedBodyEnd(BodyCopy copy) {
        this.copy = copy;
    }

    /**
     * Reads bytes [from, to) of {@code buf}.
     *
     * @return the offset just after the body's last byte, {@link #NOT_YET}, or {@link #MALFORMED}
     */
    int feed(ByteBuffer buf, int from, int to) {
        int i = from;
        while (i < to) {
            switch (state) {
                case SIZE -> {
                    int digit = Character.digit(buf.get(i), 16);
                    if (digit >= 0) {
                        if (++sizeDigits > 15) {
                            return MALFORMED;
                        }
                        remaining = remaining * 16 + digit;
                    } else if (sizeDigits == 0) {
                        return MALFORMED;
                    } else if (buf.get(i) == '\r') {
                        state = State.SIZE_LF;
                    } else if (buf.get(i) == ';' || buf.get(i) == ' ' || buf.get(i) == '\t') {
                        state = State.EXTENSION;
                    } else {
                        return MALFORMED;
                    }
                    i++;
                }
                case EXTENSION -> {
                    byte b = buf.get(i++);
                    if (b == '\r') {
                        state = State.SIZE_LF;
                    } else if (b == '\n') {
                        return MALFORMED;
                    }
                }
                case SIZE_LF -> {
                    if (buf.get(i++) != '\n') {
                        return MALFORMED;
                    }
                    sizeDigits = 0;
                    state = remaining == 0 ? State.TRAILER_LINE_START : State.DATA;
                }
                case DATA -> {
                    int take = (int) Math.min(remaining, to - i);
                    if (copy != null) {
                        copy.add(buf, i, take);
                    }
                    i += take;
                    remaining -= take;
                    if (remaining == 0) {
                        state = State.DATA_CR;
                    }
                }
                case DATA_CR -> {
                    if (buf.get(i++) != '\r') {
                        return MALFORMED;
                    }
                    state = State.DATA_LF;
                }
                case DATA_LF -> {
                    if (buf.get(i++) != '\n') {
                        return MALFORMED;
                    }
                    state = State.SIZE;
                }
                case TRAILER_LINE_START -> {
                    state = buf.get(i++) == '\r' ? State.END_LF : State.TRAILER_LINE;
                }
                case TRAILER_LINE -> {
                    byte b = buf.get(i++);
                    if (b == '\r') {
                        state = State.TRAILER_LF;
                    } else if (b == '\n') {
                        return MALFORMED;
                    }
                }
                case TRAILER_LF -> {
                    if (buf.get(i++) != '\n') {
                        return MALFORMED;
                    }
                    state = State.TRAILER_LINE_START;
                }
                case END_LF -> {
                    if (buf.get(i++) != '\n') {
                        return MALFORMED;
                    }
                    state = State.SIZE;
                    return i;
                }
                default -> throw new IllegalStateException(state.name());
            }
        }
        return NOT_YET;
    }
}
