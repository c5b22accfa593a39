package io.migrationgateway.legacysim.http;

/** One API operation: an authenticated request in, a response out; errors are thrown as {@link GrafanaError}. */
@FunctionalInterface
public interface Endpoint {
    ApiResponse handle(ApiRequest request) throws Exception;
}
