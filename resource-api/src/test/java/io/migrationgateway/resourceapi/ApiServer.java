package io.migrationgateway.resourceapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.migrationgateway.resourceapi.auth.Access;
import io.migrationgateway.resourceapi.auth.Caller;
import io.migrationgateway.resourceapi.auth.Role;
import io.migrationgateway.resourceapi.kinds.GrafanaKinds;
import io.migrationgateway.resourceapi.kinds.Kinds;
import io.migrationgateway.resourceapi.rest.StoreSelector;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.sql.PostgresResourceStore;
import io.migrationgateway.storage.sql.StorageSettings;
import io.migrationgateway.storage.sql.UnifiedStorageSchema;
import io.migrationgateway.testsupport.TestDatabase;
import io.undertow.Undertow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

/**
 * The Resource API on a loopback port over a real {@link PostgresResourceStore} in a fresh schema, with a test
 * {@link Access}: {@code Bearer admin-token} is Admin in {@code default} and {@code org-2}, {@code Bearer
 * editor-token} Editor in {@code default}, {@code Bearer viewer-token} Viewer in {@code default}, anything else
 * is refused.
 */
final class ApiServer implements AutoCloseable {
    static final String ADMIN = "Bearer admin-token";
    static final String EDITOR = "Bearer editor-token";
    static final String VIEWER = "Bearer viewer-token";
    /** A token whose check finds the identity source down. */
    static final String ACCESS_DOWN = "Bearer access-down";
    static final String DASHBOARDS = "/apis/dashboard.grafana.app/v1beta1/namespaces/default/dashboards";
    static final ObjectMapper JSON = new ObjectMapper();

    /** An answer, with its body as text and (when it is JSON) as a tree. */
    record Response(int status, HttpHeaders headers, String body) {
        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + body, e);
            }
        }

        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }
    }

    final String schema = TestDatabase.newSchema();
    final HikariDataSource dataSource;
    final PostgresResourceStore store;
    final Undertow undertow;
    final int port;
    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    ApiServer() {
        this(ResourceApiSettings.defaults());
    }

    ApiServer(ResourceApiSettings settings) {
        this(settings, UnaryOperator.identity());
    }

    /** @param decorate wraps the store the handler sees (to observe what the handler does with it) */
    ApiServer(ResourceApiSettings settings, UnaryOperator<ResourceStore> decorate) {
        this(settings, decorate, null);
    }

    /** @param workers where requests are served (null: the XNIO workers) */
    ApiServer(ResourceApiSettings settings, UnaryOperator<ResourceStore> decorate, Executor workers) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(TestDatabase.url());
        config.setSchema(schema);
        config.setMaximumPoolSize(8);
        dataSource = new HikariDataSource(config);
        UnifiedStorageSchema.migrate(dataSource, schema);
        store = new PostgresResourceStore(dataSource, Clock.systemUTC(), StorageSettings.defaults());
        ResourceApiHandler handler = new ResourceApiHandler(Kinds.of(GrafanaKinds.all()), StoreSelector.always(decorate.apply(store)),
                new TestAccess(), settings, workers);
        undertow = Undertow.builder().addHttpListener(0, "127.0.0.1").setHandler(handler).build();
        undertow.start();
        port = ((InetSocketAddress) undertow.getListenerInfo().get(0).getAddress()).getPort();
    }

    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port + pathAndQuery);
    }

    /** A request; {@code headers} are name, value pairs. */
    Response send(String method, String path, String authorization, String contentType, String body,
                  String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(20))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    Response get(String path, String... headers) {
        return send("GET", path, ADMIN, null, null, headers);
    }

    Response post(String path, String json) {
        return send("POST", path, ADMIN, "application/json", json);
    }

    Response put(String path, String json) {
        return send("PUT", path, ADMIN, "application/json", json);
    }

    Response patch(String path, String contentType, String body) {
        return send("PATCH", path, ADMIN, contentType, body);
    }

    Response delete(String path) {
        return send("DELETE", path, ADMIN, null, null);
    }

    /** Creates a dashboard in {@code default} and returns it as stored. */
    JsonNode createDashboard(String name, String title, String... labels) {
        StringBuilder labelJson = new StringBuilder();
        for (int i = 0; i < labels.length; i += 2) {
            labelJson.append(labelJson.isEmpty() ? "" : ",").append('"').append(labels[i]).append("\":\"")
                    .append(labels[i + 1]).append('"');
        }
        Response created = post(DASHBOARDS, """
                {"apiVersion":"dashboard.grafana.app/v1beta1","kind":"Dashboard",
                 "metadata":{"name":"%s","labels":{%s}},"spec":{"title":"%s","schemaVersion":41}}
                """.formatted(name, labelJson, title));
        if (created.status() != 201) {
            throw new AssertionError("create " + name + ": " + created.status() + " " + created.body());
        }
        return created.json();
    }

    @Override
    public void close() {
        undertow.stop();
        store.close();
        dataSource.close();
        TestDatabase.dropSchema(schema);
    }

    /** Bearer tokens standing for three callers. */
    static final class TestAccess implements Access {
        @Override
        public Caller authenticate(String authorization) {
            if (authorization == null) {
                throw new Unauthenticated("no credentials");
            }
            return switch (authorization) {
                case ADMIN -> new Caller("admin", Map.of("default", Role.ADMIN, "org-2", Role.ADMIN));
                case EDITOR -> new Caller("editor", Map.of("default", Role.EDITOR));
                case VIEWER -> new Caller("viewer", Map.of("default", Role.VIEWER));
                case ACCESS_DOWN -> throw new AccessUnavailableException("legacy /api/user at 10.1.2.3: refused", null);
                default -> throw new Unauthenticated("unknown token");
            };
        }
    }
}
