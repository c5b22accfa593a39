package io.migrationgateway.gateway.routing;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Http;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.Loopback;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.UserIdentities;
import io.migrationgateway.translators.grafana.GrafanaResources;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import io.migrationgateway.model.Namespaces;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * In modes 4 and 5 no request under a migrated resource's routes reaches the legacy side, in any of the ways of writing
 * it (trailing slash, repeated slashes, path parameters, an escaped letter, an org named in the query), for every
 * operation that is the resource's data: a legacy side that records what it receives sees only the callers' identity
 * lookups.
 */
class MigratedResourceIsolationIT {
    private static final String ADMIN = Http.basic("admin", "admin");

    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    private static TestGateway gateway;
    private static AdminClient admin;
    private final Http http = new Http();

    @BeforeAll
    static void start() {
        gateway = TestGateway.start(legacy.baseUrl());
        admin = new AdminClient(gateway);
    }

    @AfterAll
    static void stop() {
        gateway.close();
    }

    @Test
    void noVariantOfAMigratedResourcesOperationsReachesTheLegacySideInModeFourOrFive() throws Exception {
        legacy.resetAll();
        legacy.stubFor(get(urlPathEqualTo("/api/user")).willReturn(aResponse().withHeader("Content-Type", "application/json")
                .withBody("{\"id\":1,\"login\":\"admin\",\"orgId\":1}")));
        legacy.stubFor(get(urlPathEqualTo("/api/user/orgs")).willReturn(aResponse().withHeader("Content-Type", "application/json")
                .withBody("[{\"orgId\":1,\"name\":\"Main Org.\",\"role\":\"Admin\"}]")));
        legacy.stubFor(any(anyUrl()).atPriority(10).willReturn(aResponse().withStatus(200).withBody("{\"stale\":true}")));
        List<String> paths = new ArrayList<>();

        for (int mode : new int[] {4, 5}) {
            admin.forceEveryResource(mode);
            for (Translator translator : GrafanaResources.translators(new TranslatorSettings(Namespaces.onPrem(), sequence -> 1,
                    UserIdentities.byLogin(), Clock.systemUTC(), new Random(1))).all()) {
                List<LegacyRoute> routes = new ArrayList<>(translator.routes());
                translator.untranslated().stream()
                        .filter(operation -> operation.handling() == UntranslatedOperation.Handling.NOT_SERVED_WHEN_MIGRATED)
                        .forEach(operation -> routes.add(operation.route()));
                for (LegacyRoute route : routes) {
                    for (String path : variants(route.template().replace("{uid}", "abc").replace("{dashboardId}", "7")
                            .replace("{versionId}", "1").replace("{id}", "7")
                            .replace("{serviceAccountId}", "7").replace("{tokenId}", "3").replace("{keyId}", "5"))) {
                        Http.Answer answer = http.exchange(gateway.uri(path), route.method(), ADMIN,
                                route.method().equals("GET") || route.method().equals("DELETE") ? null : "{}");
                        assertThat(answer.text()).as(route.method() + " " + path + " in mode " + mode).doesNotContain("stale");
                        paths.add(path);
                    }
                }
            }
        }

        List<String> reached = legacy.findAll(anyRequestedFor(anyUrl())).stream().map(LoggedRequest::getUrl)
                .filter(url -> !url.equals("/api/user") && !url.equals("/api/user/orgs")).toList();
        assertThat(reached).isEmpty();
        assertThat(paths).as("variants sent").hasSizeGreaterThan(150);
    }

    /** The ways of writing one path that the legacy router may take for it. */
    private static List<String> variants(String path) {
        String escaped = path.replaceFirst("/api/([a-z])", "/api/%" + Integer.toHexString(path.charAt(5)));
        return List.of(path, path + "/", path.replaceFirst("/api/", "/api//"), path.replaceFirst("/api/", "/api;a=b/"),
                escaped, path + "?targetOrgId=1", path + "/?targetOrgId=1");
    }
}
