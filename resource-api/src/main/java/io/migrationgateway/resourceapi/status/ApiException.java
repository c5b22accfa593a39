package io.migrationgateway.resourceapi.status;

import io.migrationgateway.model.Status;
import java.util.Objects;

/**
 * A request refused with a Kubernetes {@link Status}. Thrown anywhere in request handling; the status
 * boundary writes its Status as the response (or as a watch {@code ERROR} event once streaming started).
 * Carries no stack trace: it is an answer, not a fault.
 */
public final class ApiException extends RuntimeException {
    private final Status status;

    public ApiException(Status status) {
        super(Objects.requireNonNull(status, "status").message(), null, false, false);
        this.status = status;
    }

    public Status status() {
        return status;
    }
}
