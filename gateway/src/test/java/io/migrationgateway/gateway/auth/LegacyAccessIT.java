package io.migrationgateway.gateway.auth;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.gateway.config.ConfigLoader;
import io.migrationgateway.gateway.config.LegacyConfig;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.resourceapi.auth.Access;
import io.migrationgateway.resourceapi.auth.Caller;
import io.migrationgateway.resourceapi.auth.Role;
import io.migrationgateway.testsupport.Loopback;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link LegacyAccess} against a scripted legacy server: role mapping, caching by credential, failures. */
class LegacyAccessIT {
    private static final String TOKEN = "Bearer glsa_token-under-test";
    private static final String ORGS = """
            [{"orgId":1,"name":"Main Org.","role":"Admin"},{"orgId":2,"name":"Second Org.","role":"Editor"},
             {"orgId":7,"name":"Seventh","role":"Viewer"}]""";

    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    /** The background refresh's period: never within a test, which calls {@code refreshInUse} itself. */
    private static final Duration BY_HAND = Duration.ofHours(1);

    /** Caffeine's clock: tests move it instead of sleeping. */
    private final AtomicLong nanos = new AtomicLong();
    private final List<LegacyClient> clients = new ArrayList<>();
    private LegacyAccess access;

    @BeforeEach
    void start() {
        legacy.resetAll();
        access = access(legacy.baseUrl(), BY_HAND);
    }

    @AfterEach
    void stop() {
        access.close();
        clients.forEach(LegacyClient::close);
    }

    /** Access through a legacy client of its own, as the gateway's is. */
    private LegacyAccess access(String legacyUrl, Duration refreshPeriod) {
        LegacyConfig config = config(legacyUrl);
        LegacyClient client = new LegacyClient(config);
        clients.add(client);
        return new LegacyAccess(client, config.identityCache(), Namespaces.onPrem(), nanos::get, refreshPeriod);
    }

    private static LegacyConfig config(String legacyUrl) {
        return new ConfigLoader().load(Optional.empty(), Map.of(), Map.of(
                "legacy.url", legacyUrl,
                // well above a loaded machine's WireMock answer (500 ms was once too short under a load average of 9)
                "legacy.connect-timeout", "2s",
                "legacy.response-timeout", "2s",
                "legacy.identity-cache.ttl", "10s",
                "legacy.identity-cache.refused-ttl", "2s")).legacy();
    }

    private static void answer(String prefix, ResponseDefinitionBuilder user, ResponseDefinitionBuilder orgs) {
        legacy.stubFor(get(prefix + "/api/user").willReturn(user));
        legacy.stubFor(get(prefix + "/api/user/orgs").willReturn(orgs));
    }

    private static void answer(String login, String orgs) {
        answer("", okJson("{\"id\":3,\"login\":\"" + login + "\",\"orgId\":1}"), okJson(orgs));
    }

    private static int asked(String path) {
        return legacy.findAll(getRequestedFor(urlEqualTo(path))).size();
    }

    private void advance(Duration duration) {
        nanos.addAndGet(duration.toNanos());
    }

    @Test
    void rolesPerOrgBecomeRolesPerNamespace() {
        answer("sa-1-migration", ORGS);

        Caller caller = access.authenticate(TOKEN);

        assertThat(caller.name()).isEqualTo("sa-1-migration");
        assertThat(caller.roles()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "default", Role.ADMIN, "org-2", Role.EDITOR, "org-7", Role.VIEWER));
    }

    @Test
    void orgsWithoutAGrafanaBasicRoleGiveNoAccess() {
        answer("nobody", """
                [{"orgId":1,"name":"Main Org.","role":"None"},{"orgId":2,"name":"Second Org.","role":"Superuser"},
                 {"orgId":3,"name":"No role"},{"orgId":0,"name":"Broken","role":"Admin"},{"orgId":4,"name":"Ok","role":"Viewer"}]""");

        assertThat(access.authenticate(TOKEN).roles()).containsExactlyEntriesOf(Map.of("org-4", Role.VIEWER));
    }

    @Test
    void theCallersHeaderReachesBothLegacyEndpointsUnchanged() {
        answer("admin", ORGS);
        String basic = "Basic YWRtaW46aHVudGVyMg==";

        access.authenticate(basic);

        legacy.verify(1, getRequestedFor(urlEqualTo("/api/user")).withHeader("Authorization", equalTo(basic)));
        legacy.verify(1, getRequestedFor(urlEqualTo("/api/user/orgs")).withHeader("Authorization", equalTo(basic)));
    }

    @Test
    void aPathPrefixOfTheLegacyUrlIsKept() {
        answer("/grafana", okJson("{\"login\":\"admin\"}"), okJson(ORGS));
        try (LegacyAccess prefixed = access(legacy.baseUrl() + "/grafana/", BY_HAND)) {
            assertThat(prefixed.authenticate(TOKEN).name()).isEqualTo("admin");
        }
    }

    @Test
    void aCachedCallerIsAnsweredWithoutAskingLegacyAgain() {
        answer("admin", ORGS);

        Caller first = access.authenticate(TOKEN);
        advance(Duration.ofSeconds(4));
        Caller second = access.authenticate(TOKEN);

        assertThat(second).isEqualTo(first);
        assertThat(asked("/api/user")).isEqualTo(1);
        assertThat(asked("/api/user/orgs")).isEqualTo(1);

        access.authenticate("Bearer another-token");
        assertThat(asked("/api/user")).as("another credential is another cache entry").isEqualTo(2);
    }

    @Test
    void pastHalfTheTtlACallerInUseIsAskedAboutAgainInTheBackgroundWhileRequestsGoOn() throws Exception {
        answer("admin", ORGS);
        Caller first = access.authenticate(TOKEN);
        answer("admin", "[{\"orgId\":1,\"name\":\"Main Org.\",\"role\":\"Viewer\"}]");

        advance(Duration.ofSeconds(6));
        assertThat(access.authenticate(TOKEN)).as("answered at once from the cache").isEqualTo(first);
        assertThat(asked("/api/user/orgs")).as("a read does not ask the legacy side itself").isEqualTo(1);

        assertThat(access.refreshInUse()).as("refreshes started").isEqualTo(1);
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!access.authenticate(TOKEN).roles().equals(Map.of("default", Role.VIEWER)) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(access.authenticate(TOKEN).roles()).as("the refreshed role").containsExactlyEntriesOf(Map.of("default", Role.VIEWER));
        assertThat(asked("/api/user/orgs")).isEqualTo(2);
        assertThat(access.refreshInUse()).as("just refreshed: not due again").isZero();
    }

    @Test
    void theRefreshRunsOnItsOwnThreadEveryPeriod() throws Exception {
        answer("admin", ORGS);
        try (LegacyAccess scheduled = access(legacy.baseUrl(), Duration.ofMillis(20))) {
            scheduled.authenticate(TOKEN);
            advance(Duration.ofSeconds(6));
            scheduled.authenticate(TOKEN);

            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (asked("/api/user/orgs") < 2 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(asked("/api/user/orgs")).as("asked again without a call to refreshInUse").isEqualTo(2);
        }
    }

    @Test
    void theRefreshThreadIsNamedAndNeverKeepsTheJvmAlive() {
        List<Thread> refreshers = Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals("legacy-identity-refresh"))
                .toList();
        assertThat(refreshers).as("started with the access checker").isNotEmpty();
        assertThat(refreshers).allSatisfy(thread -> assertThat(thread.isDaemon()).isTrue());
    }

    @Test
    void aCallerNobodyReadForHalfTheTtlIsNotAskedAboutAgainButLeftToExpire() {
        answer("admin", ORGS);
        access.authenticate(TOKEN);
        advance(Duration.ofSeconds(2));
        access.authenticate("Bearer another-token");

        advance(Duration.ofSeconds(4)); // the first written 6 s ago and read 6 s ago; the other written and read 4 s ago
        assertThat(access.refreshInUse()).as("neither is both due and in use").isZero();
        access.authenticate("Bearer another-token");
        advance(Duration.ofSeconds(2)); // the other: written 6 s ago, read 2 s ago
        assertThat(access.refreshInUse()).as("only the one read since").isEqualTo(1);
    }

    @Test
    void anAcceptedCredentialIsAskedAboutAgainAfterTheTtl() {
        answer("admin", ORGS);
        access.authenticate(TOKEN);
        answer("admin", "[{\"orgId\":1,\"name\":\"Main Org.\",\"role\":\"Viewer\"}]");

        advance(Duration.ofSeconds(11));

        assertThat(access.authenticate(TOKEN).roles()).as("a changed role is seen after the ttl")
                .containsExactlyEntriesOf(Map.of("default", Role.VIEWER));
        assertThat(asked("/api/user")).isEqualTo(2);
    }

    @Test
    void refusedCredentialsAreRefusedAgainWithoutAskingUntilTheRefusedTtlPasses() {
        answer("", aResponse().withStatus(401).withBody("{\"message\":\"Invalid API key\"}"),
                aResponse().withStatus(401).withBody("{\"message\":\"Invalid API key\"}"));

        assertThatThrownBy(() -> access.authenticate(TOKEN)).isInstanceOf(Access.Unauthenticated.class);
        advance(Duration.ofMillis(1900));
        assertThatThrownBy(() -> access.authenticate(TOKEN)).isInstanceOf(Access.Unauthenticated.class);
        assertThat(asked("/api/user")).isEqualTo(1);

        answer("admin", ORGS);
        advance(Duration.ofMillis(200));
        assertThat(access.authenticate(TOKEN).name()).as("after the refused-ttl legacy is asked again").isEqualTo("admin");
    }

    @Test
    void forbiddenFromLegacyIsUnauthenticated() {
        answer("", aResponse().withStatus(403), aResponse().withStatus(403));

        assertThatThrownBy(() -> access.authenticate(TOKEN)).isInstanceOf(Access.Unauthenticated.class);
    }

    @Test
    void aMissingHeaderIsUnauthenticatedWithoutAskingLegacy() {
        answer("admin", ORGS);

        assertThatThrownBy(() -> access.authenticate(null)).isInstanceOf(Access.Unauthenticated.class);
        assertThatThrownBy(() -> access.authenticate(" ")).isInstanceOf(Access.Unauthenticated.class);
        assertThat(asked("/api/user")).isZero();
    }

    @Test
    void aHeaderTheHttpClientCannotSendIsUnauthenticatedWithoutAskingLegacy() {
        answer("admin", ORGS);

        assertThatThrownBy(() -> access.authenticate("Bearer abc\u0001def")).isInstanceOf(Access.Unauthenticated.class);
        assertThat(asked("/api/user")).isZero();
    }

    @Test
    void serverErrorsAreUnavailableAndNotCached() {
        answer("", aResponse().withStatus(500), okJson(ORGS));

        assertThatThrownBy(() -> access.authenticate(TOKEN)).isInstanceOf(Access.AccessUnavailableException.class)
                .hasMessageContaining("500");

        answer("admin", ORGS);
        assertThat(access.authenticate(TOKEN).name()).isEqualTo("admin");
    }

    @Test
    void anOpenLegacyCircuitBreakerIsUnavailableWithoutAskingTheLegacySide() {
        answer("admin", ORGS);
        clients.getFirst().breaker().transitionToOpenState();

        assertThatThrownBy(() -> access.authenticate(TOKEN)).isInstanceOf(Access.AccessUnavailableException.class)
                .hasMessageContaining("OPEN");
        assertThat(asked("/api/user")).isZero();
    }

    @Test
    void anUnreachableLegacyBackendIsUnavailable() {
        try (LegacyAccess unreachable = access("http://127.0.0.1:" + Loopback.closedPort(), BY_HAND)) {
            assertThatThrownBy(() -> unreachable.authenticate(TOKEN)).isInstanceOf(Access.AccessUnavailableException.class)
                    .hasMessageContaining("unreachable");
        }
    }

    @Test
    void aLegacyAnswerSlowerThanTheResponseTimeoutIsUnavailable() {
        answer("", okJson("{\"login\":\"admin\"}").withFixedDelay(6_000), okJson(ORGS));

        assertThatThrownBy(() -> access.authenticate(TOKEN)).isInstanceOf(Access.AccessUnavailableException.class);
    }

    @Test
    void anAnswerThatIsNotGrafanasIsUnavailable() {
        answer("", okJson("{\"login\":\"admin\"}"), aResponse().withStatus(200).withBody("<html>login page</html>"));

        assertThatThrownBy(() -> access.authenticate(TOKEN)).isInstanceOf(Access.AccessUnavailableException.class);

        answer("", okJson("{\"login\":\"admin\"}"), aResponse().withStatus(404));
        assertThatThrownBy(() -> access.authenticate(TOKEN)).isInstanceOf(Access.AccessUnavailableException.class)
                .hasMessageContaining("404");
    }
}
