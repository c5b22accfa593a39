package io.migrationgateway.gateway.apis;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.Loopback;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two gateways sharing one PostgreSQL with {@code resource-api.ha: true}. A watch opened on
 * one replica sees a write made through the other within one second, and a read on either replica sees the
 * other's writes at once (one database, no replica-local state).
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ReplicasShareResourcesIT {
    private static final String TOKEN = "Bearer replica-test-token";
    private static final String PLAYLISTS = "/apis/playlist.grafana.app/v0alpha1/namespaces/default/playlists";
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final WireMockExtension LEGACY = Loopback.legacyStub();

    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeEach
    void legacyKnowsTheCaller() {
        LEGACY.stubFor(get(urlEqualTo("/api/user")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"id\":7,\"login\":\"replica-tester\",\"email\":\"r@example.com\",\"orgId\":1}")));
        LEGACY.stubFor(get(urlEqualTo("/api/user/orgs")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withBody("[{\"orgId\":1,\"name\":\"Main Org.\",\"role\":\"Editor\"}]")));
    }

    private HttpResponse<String> send(TestGateway gateway, String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(gateway.uri(path)).header("Authorization", TOKEN)
                .timeout(Duration.ofSeconds(10));
        request = body == null ? request.method(method, HttpRequest.BodyPublishers.noBody())
                : request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String playlist(String name, String title) {
        return "{\"apiVersion\":\"playlist.grafana.app/v0alpha1\",\"kind\":\"Playlist\",\"metadata\":{\"name\":\"" + name
                + "\"},\"spec\":{\"title\":\"" + title + "\",\"interval\":\"5m\",\"items\":[]}}";
    }

    @Test
    void aWatchOnOneReplicaSeesWritesMadeThroughTheOtherWithinOneSecond() throws Exception {
        Map<String, String> ha = Map.of("resource-api.ha", "true", "resource-api.poll-interval", "100ms");
        try (TestGateway first = TestGateway.start(LEGACY.baseUrl(), ha);
             TestGateway second = TestGateway.replicaOf(first, LEGACY.baseUrl(), ha)) {
            new AdminClient(first).forceMode("playlists.playlist.grafana.app", null, 4); // served from unified storage
            HttpResponse<String> before = send(first, "GET", PLAYLISTS, null);
            assertThat(before.statusCode()).as(before.body()).isEqualTo(200);
            String resourceVersion = JSON.readTree(before.body()).at("/metadata/resourceVersion").asText();

            BlockingQueue<JsonNode> events = new LinkedBlockingQueue<>();
            HttpResponse<InputStream> watch = client.send(HttpRequest.newBuilder(
                            first.uri(PLAYLISTS + "?watch=true&resourceVersion=" + resourceVersion))
                    .header("Authorization", TOKEN).build(), HttpResponse.BodyHandlers.ofInputStream());
            assertThat(watch.statusCode()).isEqualTo(200);
            Thread reader = Thread.ofVirtual().start(() -> {
                try (BufferedReader lines = new BufferedReader(new InputStreamReader(watch.body(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = lines.readLine()) != null) {
                        events.add(JSON.readTree(line));
                    }
                } catch (Exception ended) {
                    // the test closed the stream
                }
            });
            try {
                long writtenAt = System.nanoTime();
                HttpResponse<String> created = send(second, "POST", PLAYLISTS, playlist("from-second", "Written on replica two"));
                assertThat(created.statusCode()).as(created.body()).isEqualTo(201);

                JsonNode event = events.poll(5, TimeUnit.SECONDS);
                long seenAfterMillis = (System.nanoTime() - writtenAt) / 1_000_000;
                assertThat(event).as("no watch event on replica one").isNotNull();
                assertThat(event.path("type").asText()).isEqualTo("ADDED");
                assertThat(event.at("/object/metadata/name").asText()).isEqualTo("from-second");
                assertThat(seenAfterMillis).as("replica one saw replica two's write after %d ms", seenAfterMillis)
                        .isLessThan(1000);

                HttpResponse<String> deleted = send(first, "DELETE", PLAYLISTS + "/from-second", null);
                assertThat(deleted.statusCode()).isEqualTo(200);
                assertThat(send(second, "GET", PLAYLISTS + "/from-second", null).statusCode()).isEqualTo(404);
            } finally {
                watch.body().close();
                reader.join(5_000);
            }
        }
    }
}
