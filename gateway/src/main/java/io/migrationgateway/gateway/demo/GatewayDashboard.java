package io.migrationgateway.gateway.demo;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The gateway's own Grafana dashboard ({@code deploy/grafana/migration-gateway.json}, packaged into the jar), which the
 * demo saves into its legacy simulator so that the demo shows it at {@code /d/migration-gateway} like any dashboard.
 */
public final class GatewayDashboard {
    public static final String UID = "migration-gateway";
    private static final String RESOURCE = "/io/migrationgateway/gateway/demo/migration-gateway.json";

    private GatewayDashboard() {
    }

    /** The dashboard's JSON model as shipped. */
    public static ObjectNode model() {
        try (InputStream in = GatewayDashboard.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the gateway's dashboard is missing from the jar: " + RESOURCE);
            }
            return (ObjectNode) Json.tree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Saves the dashboard in org 1 through the simulator's legacy API as its admin, unless one with its uid exists:
     * a second run of the demo keeps whatever the user made of it.
     */
    static void saveInto(String legacyBaseUrl, String adminPassword) {
        String authorization = "Basic " + Base64.getEncoder().encodeToString(("admin:" + adminPassword).getBytes(StandardCharsets.UTF_8));
        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpResponse<String> existing = client.send(HttpRequest.newBuilder(URI.create(legacyBaseUrl + "/api/dashboards/uid/" + UID))
                    .header("Authorization", authorization).build(), HttpResponse.BodyHandlers.ofString());
            if (existing.statusCode() == 200) {
                return;
            }
            ObjectNode save = Json.object();
            save.set("dashboard", model());
            save.put("overwrite", false).put("message", "the migration gateway's own dashboard, saved by the demo");
            HttpResponse<String> saved = client.send(HttpRequest.newBuilder(URI.create(legacyBaseUrl + "/api/dashboards/db"))
                    .header("Authorization", authorization).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(Json.bytes(save))).build(), HttpResponse.BodyHandlers.ofString());
            if (saved.statusCode() != 200) {
                throw new IllegalStateException("the simulator refused the gateway's dashboard: " + saved.statusCode() + " " + saved.body());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save the gateway's dashboard into the simulator", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while saving the gateway's dashboard", e);
        }
    }
}
