package io.migrationgateway.gateway.admin;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.gateway.config.ConfigLoader;
import io.migrationgateway.gateway.config.DatabaseConfig;
import io.migrationgateway.gateway.db.GatewayDatabase;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.testsupport.Loopback;
import io.migrationgateway.testsupport.TestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What {@code /readyz} reports, against the test database and a legacy client of a scripted legacy host: a legacy
 * client whose threads are gone is not ready, even while the legacy host answers, since every legacy call would fail.
 */
class ReadinessCheckIT {
    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    private static String schema;
    private static GatewayDatabase database;
    private LegacyClient client;

    @BeforeAll
    static void openDatabase() {
        schema = TestDatabase.newSchema();
        database = GatewayDatabase.open(new DatabaseConfig(TestDatabase.url(), "", "", schema, 2), Path.of("unused"));
    }

    @AfterAll
    static void dropDatabase() {
        database.close();
        TestDatabase.dropSchema(schema);
    }

    @BeforeEach
    void startClient() {
        legacy.stubFor(get(urlPathEqualTo("/")).willReturn(aResponse().withStatus(404)));
        client = new LegacyClient(new ConfigLoader().load(Optional.empty(), Map.of(), Map.of("legacy.url", legacy.baseUrl()))
                .legacy());
    }

    @AfterEach
    void stopClient() {
        client.close();
    }

    @Test
    void everythingIsUpWhenTheLegacyHostAnswersAnyStatus() {
        assertThat(new ReadinessCheck(database, client).run())
                .containsExactlyInAnyOrderEntriesOf(Map.of("database", "up", "legacyClient", "up", "legacy", "up"));
    }

    @Test
    void aLegacyClientWhoseThreadsAreGoneIsNotReadyThoughTheLegacyHostAnswers() throws Exception {
        client.close();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (client.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }

        Map<String, String> checks = new ReadinessCheck(database, client).run();

        assertThat(checks).containsEntry("database", "up").containsEntry("legacyClient", "down").containsEntry("legacy", "down");
        HttpResponse<Void> direct = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(legacy.baseUrl() + "/")).build(),
                HttpResponse.BodyHandlers.discarding());
        assertThat(direct.statusCode()).as("the legacy host itself").isEqualTo(404);
    }
}
