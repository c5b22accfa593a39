package io.migrationgateway.gateway.admin;

import io.migrationgateway.gateway.db.GatewayDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Whether this gateway can serve: its database answers and the legacy host answers HTTP at all (any
 * status counts: a 404 from the health path still proves the host is up). Results say only up or down,
 * never addresses or error texts, because {@code /readyz} answers without credentials.
 */
final class ReadinessCheck {
    private static final Duration TIMEOUT = Duration.ofSeconds(2);
    private final GatewayDatabase database;
    private final URI legacyHealth;
    private final HttpClient client = HttpClient.newBuilder()
            .connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    ReadinessCheck(GatewayDatabase database, URI legacyHealth) {
        this.database = database;
        this.legacyHealth = legacyHealth;
    }

    /** Check name to "up" or "down". */
    Map<String, String> run() {
        Map<String, String> checks = new LinkedHashMap<>();
        checks.put("database", database.isReachable((int) TIMEOUT.toSeconds()) ? "up" : "down");
        checks.put("legacy", legacyAnswers() ? "up" : "down");
        return checks;
    }

    private boolean legacyAnswers() {
        try {
            HttpRequest request = HttpRequest.newBuilder(legacyHealth).timeout(TIMEOUT).GET().build();
            client.send(request, HttpResponse.BodyHandlers.discarding());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            return false;
        }
    }
}
