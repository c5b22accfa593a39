package io.migrationgateway.jobs.spec;

/** A job request refused for a reason the caller can act on; {@link #reason()} says which. */
public final class JobException extends RuntimeException {
    /** Why, each mapped to one HTTP status by the admin API. */
    public enum Reason {
        /** 404: no such job. */
        NOT_FOUND,
        /** 409: a job of that kind for that resource and namespace is already running or paused. */
        ALREADY_ACTIVE,
        /** 409: the job's state does not allow it (resume a finished job, say). */
        WRONG_STATE,
        /** 400: an unknown resource or namespace. */
        BAD_REQUEST
    }

    private final Reason reason;

    public JobException(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
