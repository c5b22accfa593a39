package io.migrationgateway.translators;

import com.fasterxml.jackson.databind.node.MissingNode;
import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.legacysim.LegacySimConfig;
import io.migrationgateway.testsupport.TestDatabase;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.plan.LegacyCall;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.function.Function;

/**
 * The seeded legacy simulator (Grafana 9.3's legacy API on its own schema of the test database) as the legacy backend
 * of resource plans: each {@link LegacyCall} is sent over HTTP as {@code admin}, in the call's org.
 */
public final class Simulator implements Function<LegacyCall, LegacyResponse>, AutoCloseable {
    private static final String PASSWORD = "admin-secret";

    private final LegacySim sim;
    private final String schema;
    private final HttpClient http = HttpClient.newHttpClient();

    private Simulator(LegacySim sim, String schema) {
        this.sim = sim;
        this.schema = schema;
    }

    public static Simulator start() {
        String schema = TestDatabase.newSchema();
        return new Simulator(LegacySim.start(new LegacySimConfig("127.0.0.1", 0, TestDatabase.url(), schema, PASSWORD,
                "glsa_translators_test_token_0123456789_abcdef01", true)), schema);
    }

    @Override
    public LegacyResponse apply(LegacyCall call) {
        HttpRequest.BodyPublisher body = call.body().isMissingNode()
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(Json.bytes(call.body()));
        HttpRequest request = HttpRequest.newBuilder(URI.create(sim.baseUrl() + call.path()))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .header("X-Grafana-Org-Id", Long.toString(call.orgId()))
                .header("Content-Type", "application/json")
                .method(call.method(), body)
                .build();
        try {
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            return new LegacyResponse(response.statusCode(), response.body().length == 0
                    ? MissingNode.getInstance() : Json.parse(response.body()).orElseThrow());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A request straight to the simulator, in org 1. */
    public LegacyResponse send(String method, String path, String body) {
        return apply(new LegacyCall(method, path, body == null ? MissingNode.getInstance() : Json.tree(body), 1));
    }

    @Override
    public void close() {
        sim.close();
        TestDatabase.dropSchema(schema);
    }
}
