package io.migrationgateway.gateway.http;

import java.nio.ByteBuffer;

/**
 * Checks the framing of a chunked request body as RFC 9112 §7.1 writes it, strictly, in whatever pieces it arrives:
 * a chunk size of hex digits, extensions that are {@code ;name} or {@code ;name=token} or {@code ;name="quoted"} with
 * optional white space around {@code ;} and {@code =}, every line ended by CRLF, chunk data exactly as long as its size
 * and followed by CRLF, and trailer lines that are plain field lines (no obs-fold). Undertow's decoder skips to the end
 * of a line it does not understand and takes a bare LF for CRLF, so a body it would re-frame for the upstream
 * differently from how another parser reads it is refused here first.
 *
 * <p>A size of more than {@value #MAX_SIZE_DIGITS} hex digits, or of {@code 2^48} bytes or more, is refused too: no
 * legacy API takes a 256 TiB chunk, and Undertow's decoder keeps the size in 56 bits.
 */
final class ChunkFraming {
    static final int NOT_YET = -1;
    static final int MALFORMED = -2;

    private static final int MAX_SIZE_DIGITS = 16;
    private static final long MAX_SIZE = 1L << 48;

    private enum State {
        SIZE_START, SIZE, BEFORE_SEMICOLON, BEFORE_NAME, NAME, AFTER_NAME, BEFORE_VALUE, TOKEN_VALUE, QUOTED_VALUE,
        QUOTED_PAIR, AFTER_VALUE, SIZE_LF, DATA, DATA_CR, DATA_LF, TRAILER_START, TRAILER_NAME, TRAILER_VALUE, TRAILER_LF,
        END_LF, DONE
    }

    private State state = State.SIZE_START;
    private long size;
    private int digits;

    /** Whether the body's last byte (the CRLF after the trailer section) has been seen. */
    boolean done() {
        return state == State.DONE;
    }

    /**
     * Reads bytes [from, to) of {@code buf}.
     *
     * @return the offset just after the body's last byte, {@link #NOT_YET}, or {@link #MALFORMED}
     */
    int feed(ByteBuffer buf, int from, int to) {
        int i = from;
        while (i < to) {
            if (state == State.DATA) {
                int take = (int) Math.min(size, to - i);
                i += take;
                size -= take;
                if (size == 0) {
                    state = State.DATA_CR;
                }
                continue;
            }
            if (state == State.DONE) {
                return i;
            }
            State next = next(buf.get(i) & 0xff);
            if (next == null) {
                return MALFORMED;
            }
            state = next;
            i++;
        }
        return state == State.DONE ? i : NOT_YET;
    }

    /** The state after byte {@code b} in the current one, or null when {@code b} breaks the framing. */
    private State next(int b) {
        return switch (state) {
            case SIZE_START, SIZE -> sizeDigit(b);
            case BEFORE_SEMICOLON -> isWhite(b) ? State.BEFORE_SEMICOLON : b == ';' ? State.BEFORE_NAME : null;
            case BEFORE_NAME -> isWhite(b) ? State.BEFORE_NAME : isTchar(b) ? State.NAME : null;
            case NAME -> isTchar(b) ? State.NAME : afterName(b);
            case AFTER_NAME -> afterName(b);
            case BEFORE_VALUE -> isWhite(b) ? State.BEFORE_VALUE : b == '"' ? State.QUOTED_VALUE
                    : isTchar(b) ? State.TOKEN_VALUE : null;
            case TOKEN_VALUE -> isTchar(b) ? State.TOKEN_VALUE : afterValue(b);
            case QUOTED_VALUE -> b == '"' ? State.AFTER_VALUE : b == '\\' ? State.QUOTED_PAIR
                    : isQuotedText(b) ? State.QUOTED_VALUE : null;
            case QUOTED_PAIR -> isWhite(b) || b >= 0x21 && b != 0x7f ? State.QUOTED_VALUE : null;
            case AFTER_VALUE -> afterValue(b);
            case SIZE_LF -> b == '\n' ? endOfSizeLine() : null;
            case DATA_CR -> b == '\r' ? State.DATA_LF : null;
            case DATA_LF -> b == '\n' ? State.SIZE_START : null;
            case TRAILER_START -> b == '\r' ? State.END_LF : isTchar(b) ? State.TRAILER_NAME : null;
            case TRAILER_NAME -> isTchar(b) ? State.TRAILER_NAME : b == ':' ? State.TRAILER_VALUE : null;
            case TRAILER_VALUE -> b == '\r' ? State.TRAILER_LF : isWhite(b) || b >= 0x21 && b != 0x7f ? State.TRAILER_VALUE : null;
            case TRAILER_LF -> b == '\n' ? State.TRAILER_START : null;
            case END_LF -> b == '\n' ? State.DONE : null;
            case DATA, DONE -> throw new IllegalStateException(state.name());
        };
    }

    private State sizeDigit(int b) {
        int digit = Character.digit(b, 16);
        if (digit >= 0) {
            size = size * 16 + digit;
            return ++digits > MAX_SIZE_DIGITS || size >= MAX_SIZE ? null : State.SIZE;
        }
        if (state == State.SIZE_START) {
            return null;
        }
        return b == '\r' ? State.SIZE_LF : b == ';' ? State.BEFORE_NAME : isWhite(b) ? State.BEFORE_SEMICOLON : null;
    }

    private static State afterName(int b) {
        return isWhite(b) ? State.AFTER_NAME : b == '=' ? State.BEFORE_VALUE : afterValue(b);
    }

    private static State afterValue(int b) {
        return isWhite(b) ? State.AFTER_VALUE : b == ';' ? State.BEFORE_NAME : b == '\r' ? State.SIZE_LF : null;
    }

    private State endOfSizeLine() {
        digits = 0;
        return size == 0 ? State.TRAILER_START : State.DATA;
    }

    private static boolean isWhite(int b) {
        return b == ' ' || b == '\t';
    }

    /** qdtext of RFC 9110 §5.6.4: any visible byte or white space but {@code "} and {@code \}, obs-text included. */
    private static boolean isQuotedText(int b) {
        return isWhite(b) || b == 0x21 || b >= 0x23 && b <= 0x5b || b >= 0x5d && b != 0x7f;
    }

    /** tchar of RFC 9110 §5.6.2. */
    private static boolean isTchar(int b) {
        return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b < 0x80 && "!#$%&'*+-.^_`|~".indexOf(b) >= 0;
    }
}
