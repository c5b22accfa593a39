package io.migrationgateway.legacysim.error;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An error answered the way Grafana answers it: {@code {"message": ...}}, or {@code {"status": ..., "message": ...}}
 * for dashboard errors that carry a status string (Grafana's DashboardErr, reference §1.2–1.3).
 */
public final class GrafanaError extends RuntimeException {
    private final int httpStatus;
    private final String status;

    private GrafanaError(int httpStatus, String status, String message) {
        super(message, null, false, false);
        this.httpStatus = httpStatus;
        this.status = status;
    }

    public static GrafanaError of(int httpStatus, String message) {
        return new GrafanaError(httpStatus, null, message);
    }

    /** A dashboard error with Grafana's status string, such as {@code version-mismatch}. */
    public static GrafanaError withStatus(int httpStatus, String status, String message) {
        return new GrafanaError(httpStatus, status, message);
    }

    public static GrafanaError notFound(String message) {
        return of(404, message);
    }

    public static GrafanaError badRequest(String message) {
        return of(400, message);
    }

    public int httpStatus() {
        return httpStatus;
    }

    /** The plain {@code {"message": ...}} body. */
    public record Body(String message) {
    }

    public Map<String, Object> body() {
        Map<String, Object> body = new LinkedHashMap<>();
        if (status != null) {
            body.put("status", status);
        }
        body.put("message", getMessage());
        return body;
    }
}
