package io.migrationgateway.gateway.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.migrationgateway.gateway.testing.TrustingClient;
import io.migrationgateway.gateway.tls.SelfSignedCertificate;
import io.migrationgateway.testsupport.Loopback;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo, run in-process as the README's command runs it, driven over real HTTP. Every seed
 * dashboard read through the gateway equals, byte for byte, the one read directly from the simulator;
 * a second run on the same data directory reuses data and credentials; with a TLS port, the kubeconfig it
 * writes leads kubectl's way to the https port with the service-account token.
 */
class DemoEndToEndIT {
    private final HttpClient client = HttpClient.newHttpClient();

    private static Demo.Settings settings(Path dataDir) {
        return new Demo.Settings("127.0.0.1", 0, 0, 0, 0, dataDir, Optional.empty(), Optional.empty(), Optional.empty());
    }

    private static List<String> dashboardUids(Demo demo, long orgId) throws Exception {
        List<String> uids = new ArrayList<>();
        try (Connection c = demo.legacy().dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT uid FROM dashboard WHERE org_id = ? AND NOT is_folder ORDER BY id")) {
            ps.setLong(1, orgId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    uids.add(rs.getString(1));
                }
            }
        }
        return uids;
    }

    private HttpResponse<byte[]> get(String base, String path, String authorization, String orgId) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", authorization)
                .header("X-Grafana-Org-Id", orgId).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void everySeedDashboardThroughTheGatewayEqualsTheSimulatorsByteForByte(@TempDir Path dataDir) throws Exception {
        try (Demo demo = Demo.start(settings(dataDir), Map.of())) {
            String gateway = "http://127.0.0.1:" + demo.gateway().publicAddress().getPort();
            String legacy = demo.legacy().baseUrl();
            String admin = "Basic " + Base64.getEncoder().encodeToString(
                    ("admin:" + demo.credentials().legacyAdminPassword()).getBytes(StandardCharsets.UTF_8));
            int compared = 0;
            for (long org : new long[] {1, 2}) {
                List<String> uids = dashboardUids(demo, org);
                assertThat(uids).hasSize(org == 1 ? 123 : 20); // org 1: the seed's 122 and the gateway's own dashboard
                for (String uid : uids) {
                    HttpResponse<byte[]> direct = get(legacy, "/api/dashboards/uid/" + uid, admin, Long.toString(org));
                    HttpResponse<byte[]> proxied = get(gateway, "/api/dashboards/uid/" + uid, admin, Long.toString(org));
                    assertThat(direct.statusCode()).as(uid).isEqualTo(200);
                    assertThat(proxied.statusCode()).as(uid).isEqualTo(200);
                    assertThat(proxied.body()).as("dashboard %s in org %d", uid, org).isEqualTo(direct.body());
                    compared++;
                }
            }
            assertThat(compared).isEqualTo(143);

            HttpResponse<byte[]> token = client.send(HttpRequest.newBuilder(URI.create(gateway + "/api/user"))
                    .header("Authorization", "Bearer " + demo.credentials().legacyToken()).build(), HttpResponse.BodyHandlers.ofByteArray());
            assertThat(token.statusCode()).isEqualTo(200);
        }
    }

    @Test
    void secondRunReusesDataAndCredentials(@TempDir Path dataDir) throws Exception {
        DemoCredentials first;
        try (Demo demo = Demo.start(settings(dataDir), Map.of())) {
            first = demo.credentials();
            String admin = "Basic " + Base64.getEncoder().encodeToString(
                    ("admin:" + first.legacyAdminPassword()).getBytes(StandardCharsets.UTF_8));
            HttpResponse<String> created = client.send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + demo.gateway().publicAddress().getPort() + "/api/dashboards/db"))
                    .header("Authorization", admin).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"dashboard\":{\"uid\":\"survives\",\"title\":\"Survives restarts\"}}"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(created.statusCode()).isEqualTo(200);
        }
        try (Demo again = Demo.start(settings(dataDir), Map.of())) {
            assertThat(again.credentials()).isEqualTo(first);
            assertThat(dashboardUids(again, 1)).hasSize(124).contains("survives", GatewayDashboard.UID);
            HttpResponse<byte[]> viaToken = get("http://127.0.0.1:" + again.gateway().publicAddress().getPort(),
                    "/api/dashboards/uid/survives", "Bearer " + first.legacyToken(), "1");
            assertThat(viaToken.statusCode()).isEqualTo(200);
        }
    }

    private static JsonNode named(JsonNode list, String name) {
        for (JsonNode entry : list) {
            if (entry.path("name").asText().equals(name)) {
                return entry;
            }
        }
        throw new AssertionError("no entry named " + name + " in " + list);
    }

    @Test
    void withATlsPortTheDemoWritesAKubeconfigThatReachesItsHttpsPortWithTheServiceAccountToken(@TempDir Path dataDir)
            throws Exception {
        int tlsPort = Loopback.closedPort();
        Demo.Settings settings = new Demo.Settings("127.0.0.1", 0, 0, 0, tlsPort, dataDir, Optional.empty(), Optional.empty(),
                Optional.empty());
        try (Demo demo = Demo.start(settings, Map.of())) {
            Path file = dataDir.resolve("kubeconfig");
            assertThat(demo.kubeconfig()).contains(file);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");

            JsonNode kubeconfig = new YAMLMapper().readTree(file.toFile());
            JsonNode context = named(kubeconfig.get("contexts"), kubeconfig.get("current-context").asText()).get("context");
            JsonNode cluster = named(kubeconfig.get("clusters"), context.get("cluster").asText()).get("cluster");
            JsonNode user = named(kubeconfig.get("users"), context.get("user").asText()).get("user");
            assertThat(context.get("namespace").asText()).isEqualTo("default");
            assertThat(cluster.get("server").asText()).isEqualTo("https://127.0.0.1:" + tlsPort);
            assertThat(cluster.get("insecure-skip-tls-verify").asBoolean()).isTrue();
            assertThat(user.get("token").asText()).isEqualTo(demo.credentials().legacyToken());

            HttpClient https = TrustingClient.trusting(dataDir.resolve("tls").resolve(SelfSignedCertificate.CERTIFICATE_FILE));
            HttpResponse<String> me = https.send(HttpRequest.newBuilder(URI.create(cluster.get("server").asText() + "/api/user"))
                    .header("Authorization", "Bearer " + user.get("token").asText()).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(me.statusCode()).isEqualTo(200);
            assertThat(new ObjectMapper().readTree(me.body()).get("login").asText()).isEqualTo("sa-1-migration");
        }
    }
}
