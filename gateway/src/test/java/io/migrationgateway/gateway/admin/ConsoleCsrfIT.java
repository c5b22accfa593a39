package io.migrationgateway.gateway.admin;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.Loopback;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Togglz console's forms over real HTTP on the admin port: a change needs its page's token from the same browser
 * session, in the form body, before it expires, and no other origin may send it.
 */
class ConsoleCsrfIT {
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";

    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    private static TestGateway gateway;
    private AdminClient admin;
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private final Logger filterLog = (Logger) org.slf4j.LoggerFactory.getLogger(ConsoleCsrfFilter.class);

    @BeforeAll
    static void start() {
        gateway = TestGateway.start(legacy.baseUrl());
    }

    @AfterAll
    static void stop() {
        gateway.close();
    }

    @BeforeEach
    void resetDashboardsAndWatchTheLog() throws Exception {
        admin = new AdminClient(gateway);
        admin.forceMode(DASHBOARDS, null, 0);
        log.start();
        filterLog.addAppender(log);
    }

    @AfterEach
    void stopWatchingTheLog() {
        filterLog.detachAppender(log);
    }

    /** The console's edit form setting dashboards to mode 1 (which the gate lets through), with {@code token} in its body. */
    private static Map<String, String> toModeOne(String token) {
        return AdminClient.consoleEditForm(token, DASHBOARDS, "1", "shadow dashboards", "");
    }

    private static int auditRows(AdminClient client) throws Exception {
        return client.getJson("/admin/audit?limit=100").size();
    }

    /** A refusal: 403 with a plain-text reason containing {@code why}, the token neither echoed nor logged, nothing changed. */
    private void assertRefused(HttpResponse<String> response, String token, String why, int auditBefore) throws Exception {
        assertRefused(admin, response, token, why, auditBefore);
    }

    private void assertRefused(AdminClient client, HttpResponse<String> response, String token, String why, int auditBefore)
            throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(403);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/plain"));
        assertThat(response.body()).contains(why).doesNotContain(token).doesNotContain("Exception");
        assertThat(client.mode(DASHBOARDS, null)).isZero();
        assertThat(auditRows(client)).as("no flip was attempted").isEqualTo(auditBefore);
        assertThat(log.list).isNotEmpty().allSatisfy(line -> {
            assertThat(line.getLevel()).isEqualTo(Level.INFO);
            assertThat(line.getFormattedMessage()).contains("refused", why).doesNotContain(token, TestGateway.ADMIN_PASSWORD);
        });
    }

    @Test
    void aSameOriginFormWithThePagesTokenInItsBodyChangesTheMode() throws Exception {
        String token = admin.consoleCsrfToken();

        HttpResponse<String> response = admin.postForm("/togglz/edit", toModeOne(token), "Origin", admin.origin());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(302); // Togglz goes back to its index page
        assertThat(admin.mode(DASHBOARDS, null)).isEqualTo(1);
        assertThat(admin.getJson("/admin/audit").get(0).path("via").asText()).isEqualTo("console");
        assertThat(log.list).isEmpty();
    }

    @Test
    void theTokenInTheQueryStringIsRefusedAndChangesNothing() throws Exception {
        String token = admin.consoleCsrfToken();
        int audit = auditRows(admin);

        HttpResponse<String> response = admin.postForm("/togglz/edit?togglz_csrf=" + token, toModeOne(null), "Origin", admin.origin());

        assertRefused(response, token, "must not be sent in the query string", audit);
    }

    @Test
    void aForeignOriginIsRefusedEvenWithAValidToken() throws Exception {
        String token = admin.consoleCsrfToken();
        int audit = auditRows(admin);
        String sameHostOtherPort = "http://127.0.0.1:" + Loopback.closedPort(); // same site to a browser, another origin
        for (String foreign : List.of("https://attacker.example", sameHostOtherPort, "http://localhost:" + gateway.adminPort(),
                "https://127.0.0.1:" + gateway.adminPort(), "null")) {
            HttpResponse<String> response = admin.postForm("/togglz/edit", toModeOne(token), "Origin", foreign);
            assertRefused(response, token, "the Origin header names another origin", audit);
        }
    }

    @Test
    void aForeignRefererWithoutOriginIsRefusedAndTheAdminPortsOwnIsAccepted() throws Exception {
        String token = admin.consoleCsrfToken();
        int audit = auditRows(admin);

        HttpResponse<String> foreign = admin.postForm("/togglz/edit", toModeOne(token), "Referer", "https://attacker.example/togglz/edit");
        assertRefused(foreign, token, "the Referer header names another origin", audit);

        HttpResponse<String> own = admin.postForm("/togglz/edit", toModeOne(token), "Referer", admin.origin() + "/togglz/edit?f=" + DASHBOARDS);
        assertThat(own.statusCode()).as(own.body()).isEqualTo(302);
        assertThat(admin.mode(DASHBOARDS, null)).isEqualTo(1);
    }

    @Test
    void withoutOriginOrRefererAFormPassesOnItsTokenAlone() throws Exception {
        int audit = auditRows(admin);
        assertRefused(admin.postForm("/togglz/edit", toModeOne(null)), "no-token", "the form carries no CSRF token", audit);

        HttpResponse<String> scripted = admin.postForm("/togglz/edit", toModeOne(admin.consoleCsrfToken()));

        assertThat(scripted.statusCode()).as(scripted.body()).isEqualTo(302);
        assertThat(admin.mode(DASHBOARDS, null)).isEqualTo(1);
    }

    @Test
    void aTokenIsRefusedFromAnotherBrowserSession() throws Exception {
        String token = admin.consoleCsrfToken();
        int audit = auditRows(admin);

        HttpResponse<String> response = new AdminClient(gateway).postForm("/togglz/edit", toModeOne(token), "Origin", admin.origin());

        assertRefused(response, token, "not issued to this browser session", audit);
    }

    @Test
    void aChangeThatIsNotAFormIsRefused() throws Exception {
        String token = admin.consoleCsrfToken();
        int audit = auditRows(admin);

        HttpResponse<String> response = admin.post("/togglz/edit", "{\"togglz_csrf\": \"" + token + "\", \"f\": \"" + DASHBOARDS + "\"}");

        assertRefused(response, token, "must be an application/x-www-form-urlencoded form", audit);
    }

    @Test
    void anExpiredTokenIsRefusedAndAReloadedPagesTokenWorks() throws Exception {
        try (TestGateway shortLived = TestGateway.start(legacy.baseUrl(), Map.of("admin.console-csrf-ttl", "1s"))) {
            AdminClient browser = new AdminClient(shortLived);
            String token = browser.consoleCsrfToken();
            Thread.sleep(1_500); // past the token's second; the session itself lives on for a minute more
            int audit = auditRows(browser);

            HttpResponse<String> late = browser.postForm("/togglz/edit", toModeOne(token), "Origin", browser.origin());
            assertRefused(browser, late, token, "the CSRF token has expired", audit);

            HttpResponse<String> reloaded = browser.postForm("/togglz/edit", toModeOne(browser.consoleCsrfToken()), "Origin", browser.origin());
            assertThat(reloaded.statusCode()).as(reloaded.body()).isEqualTo(302);
            assertThat(browser.mode(DASHBOARDS, null)).isEqualTo(1);
        }
    }

    @Test
    void theConsoleStillNeedsTheAdminCredentials() throws Exception {
        String token = admin.consoleCsrfToken();
        HttpClient anonymous = HttpClient.newHttpClient();

        HttpResponse<String> page = anonymous.send(HttpRequest.newBuilder(gateway.adminUri("/togglz/index")).build(),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> post = anonymous.send(HttpRequest.newBuilder(gateway.adminUri("/togglz/edit"))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Origin", admin.origin())
                .POST(HttpRequest.BodyPublishers.ofString("togglz_csrf=" + token + "&f=" + DASHBOARDS + "&enabled=enabled"
                        + "&strategy=migration-mode&p1=1&p2=&p3=x&p4=")).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(page.statusCode()).isEqualTo(401);
        assertThat(post.statusCode()).isEqualTo(401);
        assertThat(admin.mode(DASHBOARDS, null)).isZero();
    }

    @Test
    void theSessionCookieIsHiddenFromScriptsAndOtherSitesAndPagesSendNoRefererElsewhere() throws Exception {
        HttpResponse<String> index = admin.get("/togglz/index");

        assertThat(index.headers().allValues("Set-Cookie")).filteredOn(cookie -> cookie.startsWith("mgw_console_session="))
                .singleElement().satisfies(cookie -> assertThat(cookie).containsIgnoringCase("HttpOnly").containsIgnoringCase("SameSite=Strict"));
        assertThat(index.headers().firstValue("Referrer-Policy")).hasValue("same-origin");
    }
}
