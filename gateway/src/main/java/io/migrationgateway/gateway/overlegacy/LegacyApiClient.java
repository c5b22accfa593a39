package io.migrationgateway.gateway.overlegacy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.migrationgateway.gateway.config.LegacyConfig;
import io.migrationgateway.storage.StorageUnavailableException;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.plan.LegacyCall;
import io.migrationgateway.translators.plan.ResourceOutcome;
import io.migrationgateway.translators.plan.ResourcePlan;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Sends the legacy calls of a translator's {@link ResourcePlan} to the legacy deployment, each with the caller's own
 * {@code Authorization} (so the legacy side decides what the caller may see and do, as it always did) and the org
 * as {@code X-Grafana-Org-Id}. Blocking: call it from a worker or virtual thread. Thread-safe.
 */
public final class LegacyApiClient implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String base;
    private final Duration responseTimeout;

    public LegacyApiClient(LegacyConfig legacy) {
        this.http = HttpClient.newBuilder()
                .connectTimeout(legacy.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1)
                .build();
        this.base = legacy.url().toString().replaceAll("/+$", ""); // keep a path prefix such as /grafana
        this.responseTimeout = legacy.responseTimeout();
    }

    /** Runs {@code plan} to its outcome, one legacy call at a time, as the caller with {@code authorization}. */
    public ResourceOutcome run(ResourcePlan plan, String authorization) {
        return plan.run(call -> send(call, authorization));
    }

    /**
     * The legacy answer to {@code call}, errors included.
     *
     * @throws StorageUnavailableException when the legacy deployment cannot be reached or does not answer in time
     */
    LegacyResponse send(LegacyCall call, String authorization) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + call.path()))
                .timeout(responseTimeout)
                .header("Accept", "application/json")
                .header("X-Grafana-Org-Id", Long.toString(call.orgId()));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        if (call.body().isMissingNode()) {
            request.method(call.method(), HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(call.method(), HttpRequest.BodyPublishers.ofByteArray(call.body().toString().getBytes(StandardCharsets.UTF_8)));
        }
        try {
            HttpResponse<byte[]> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new LegacyResponse(answer.statusCode(), body(answer.body()));
        } catch (IOException e) {
            throw new StorageUnavailableException("the legacy API did not answer " + call.method() + " " + pathOnly(call), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageUnavailableException("interrupted while waiting for the legacy API", e);
        }
    }

    /** The JSON body, nothing for an empty one, and a legacy-style message for one that is not JSON (a proxy's page). */
    private static JsonNode body(byte[] bytes) {
        if (bytes.length == 0) {
            return MissingNode.getInstance();
        }
        try {
            return JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            return JSON.createObjectNode().put("message", "the legacy API answered something that is not JSON");
        } catch (IOException e) {
            throw new IllegalStateException("reading a byte array cannot fail", e);
        }
    }

    /** The path without its query, for messages (a query may carry what the caller typed). */
    private static String pathOnly(LegacyCall call) {
        int query = call.path().indexOf('?');
        return query < 0 ? call.path() : call.path().substring(0, query);
    }

    @Override
    public void close() {
        http.close();
    }
}
