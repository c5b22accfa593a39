package io.migrationgateway.legacysim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.testsupport.TestDatabase;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** A seeded simulator on its own schema of the test database, and a client that speaks to it. */
public final class SimulatorFixture implements AutoCloseable {
    public static final String ADMIN_PASSWORD = "admin-secret";
    public static final String TOKEN = "glsa_testtoken0123456789abcdefghij_0badc0de";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LegacySim sim;
    private final String schema;
    private final HttpClient client = HttpClient.newHttpClient();

    private SimulatorFixture(LegacySim sim, String schema) {
        this.sim = sim;
        this.schema = schema;
    }

    public static SimulatorFixture start() {
        String schema = TestDatabase.newSchema();
        LegacySim sim = LegacySim.start(new LegacySimConfig("127.0.0.1", 0, TestDatabase.url(), schema, ADMIN_PASSWORD, TOKEN, true));
        return new SimulatorFixture(sim, schema);
    }

    public LegacySim sim() {
        return sim;
    }

    public String schema() {
        return schema;
    }

    public static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    public static String admin() {
        return basic("admin", ADMIN_PASSWORD);
    }

    public HttpRequest.Builder request(String path, String authorization) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(sim.baseUrl() + path));
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        return builder;
    }

    public HttpResponse<String> get(String path, String authorization) throws Exception {
        return client.send(request(path, authorization).build(), HttpResponse.BodyHandlers.ofString());
    }

    public HttpResponse<String> send(HttpRequest request) throws Exception {
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    public HttpResponse<String> post(String path, String authorization, String json) throws Exception {
        return send(request(path, authorization).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    /** Any method, with a JSON body or none. */
    public HttpResponse<String> send(String method, String path, String authorization, String body) throws Exception {
        HttpRequest.BodyPublisher publisher = body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body);
        return send(request(path, authorization).header("Content-Type", "application/json").method(method, publisher).build());
    }

    /** A GET as admin in org 2 ({@code X-Grafana-Org-Id: 2}). */
    public HttpResponse<String> getInOrg2(String path) throws Exception {
        return send(request(path, admin()).header("X-Grafana-Org-Id", "2").build());
    }

    /** The first column of the first row of a query on the legacy tables. */
    public String column(String sql) throws SQLException {
        try (Connection c = sim.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement(sql);
             ResultSet rs = ps.executeQuery()) {
            if (!rs.next()) {
                throw new AssertionError("no row for " + sql);
            }
            return rs.getString(1);
        }
    }

    public static JsonNode json(HttpResponse<String> response) throws IOException {
        return JSON.readTree(response.body());
    }

    /** A JSON object's field names in the order they were written. */
    public static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Override
    public void close() {
        sim.close();
        TestDatabase.dropSchema(schema);
    }
}
