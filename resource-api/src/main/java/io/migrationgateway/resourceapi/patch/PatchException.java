package io.migrationgateway.resourceapi.patch;

import java.util.Objects;

/**
 * A patch the server refuses. The message is meant for the client (no stack trace is kept): the HTTP layer puts
 * it in the {@code Status} as it is.
 */
public final class PatchException extends RuntimeException {
    /** Whose fault, in the terms of the HTTP answer. */
    public enum Kind {
        /** 400 BadRequest: the patch itself is malformed (not a JSON Patch array, an unknown op, no field manager). */
        BAD_REQUEST,
        /** 422 Invalid: a well-formed patch that cannot apply to this object (failed {@code test}, missing path). */
        INVALID,
        /** 413 RequestEntityTooLarge: a patch with too many operations, or whose copies would grow the object past the limit. */
        TOO_LARGE
    }

    private final Kind kind;

    public PatchException(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = Objects.requireNonNull(kind, "kind");
    }

    public Kind kind() {
        return kind;
    }
}
