package io.migrationgateway.legacysim.http;

/** What an endpoint answers: a status and a body that Jackson serializes (or a pre-rendered JSON string). */
public record ApiResponse(int status, Object body) {
    public static ApiResponse ok(Object body) {
        return new ApiResponse(200, body);
    }
}
