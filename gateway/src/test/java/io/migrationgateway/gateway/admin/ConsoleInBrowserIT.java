package io.migrationgateway.gateway.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.HeadlessChromium;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.Loopback;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Togglz console in a real headless browser (Debian's chromium, driven by its chromedriver; skipped when either is
 * not installed: apt-get install -y chromium chromium-driver), against a real gateway on the test database: an operator
 * logs in with the admin credentials, flips playlists 0 → 2, is refused 2 → 4 by the gate with its checks on the page,
 * forces 2 → 4 with a reason, and finds all three in the audit log.
 */
class ConsoleInBrowserIT {
    private static final String PLAYLISTS = "playlists.playlist.grafana.app";
    private static final String ROW = "tr:has(span[title='" + PLAYLISTS + "']) ";

    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    @TempDir
    Path profile;

    private TestGateway gateway;
    private HeadlessChromium browser;

    @BeforeEach
    void start() throws Exception {
        assumeTrue(HeadlessChromium.installed(), "chromium or chromedriver is not installed");
        gateway = TestGateway.start(legacy.baseUrl());
        browser = HeadlessChromium.start(profile);
    }

    @AfterEach
    void stop() {
        if (browser != null) {
            browser.close();
        }
        if (gateway != null) {
            gateway.close();
        }
    }

    /** The console's list as the operator opens it, logged in with the admin credentials in the address. */
    private void openConsole() throws Exception {
        browser.open("http://" + TestGateway.ADMIN_USER + ":" + TestGateway.ADMIN_PASSWORD + "@127.0.0.1:"
                + gateway.adminPort() + "/togglz/index");
    }

    /** Opens playlists' edit form from its row, sets mode, reason and force as typed, and saves. */
    private void save(String mode, String reason, String force) throws Exception {
        openConsole();
        browser.click(ROW + "a[href^='edit?f=']");
        browser.type("#p1", mode);
        browser.type("#p3", reason);
        browser.type("#p4", force);
        browser.click("input[type=submit][value=Save]");
    }

    private String playlistsRow() throws Exception {
        openConsole();
        return browser.text().lines().dropWhile(line -> !line.contains(PLAYLISTS)).limit(4).reduce("", (a, b) -> a + b + "\n");
    }

    @Test
    void anOperatorFlipsIsRefusedWithTheGatesChecksForcesAndEveryAttemptIsAudited() throws Exception {
        openConsole();
        assertThat(browser.text()).as(browser.where()).contains(PLAYLISTS, "Mode: 0 legacy");

        // 0 -> 2 with Enabled left unticked, as the flag is off: the mode decides, and the row says so in words
        openConsole();
        browser.click(ROW + "a[href^='edit?f=']");
        assertThat(browser.ticked("#enabled")).isFalse();
        browser.type("#p1", "2");
        browser.type("#p3", "dual-write playlists");
        browser.click("input[type=submit][value=Save]");
        assertThat(playlistsRow()).as(browser.where()).contains("Mode: 2 dual-write",
                "Last flip: all namespaces 0 legacy to 2 dual-write applied by admin via console");

        // the row links to the overview, which agrees
        browser.click(ROW + "a[href='/admin/overview']");
        assertThat(browser.text()).as(browser.where()).contains(PLAYLISTS, "2 dual-write");

        // 2 -> 4: the gate refuses, and the page shows its checks
        save("4", "cut over playlists", "");
        String refusal = browser.text();
        assertThat(refusal).as(browser.where()).contains("Flip refused: " + PLAYLISTS, "verification", "inconclusive",
                "nothing was changed", "Force");
        assertThat(playlistsRow()).contains("Mode: 2 dual-write",
                "Last flip: all namespaces 2 dual-write to 4 unified-only refused by admin via console", "verification inconclusive");

        // 2 -> 4 forced, with a reason
        save("4", "forced cut-over for the browser test", "yes");
        assertThat(playlistsRow()).as(browser.where()).contains("Mode: 4 unified-only",
                "Last flip: all namespaces 2 dual-write to 4 unified-only forced by admin via console");

        List<String> audit = new ArrayList<>();
        for (JsonNode entry : new AdminClient(gateway).getJson("/admin/audit")) {
            if (entry.path("resource").asText().equals(PLAYLISTS)) {
                audit.add(entry.path("via").asText() + " " + entry.path("from").asInt() + "->" + entry.path("to").asInt()
                        + " applied=" + entry.path("applied").asBoolean() + " forced=" + entry.path("forced").asBoolean()
                        + " " + entry.path("verdict").asText() + ": " + entry.path("reason").asText());
            }
        }
        assertThat(audit).containsExactly(
                "console 2->4 applied=true forced=true inconclusive: forced cut-over for the browser test",
                "console 2->4 applied=false forced=false inconclusive: cut over playlists",
                "console 0->2 applied=true forced=false pass: dual-write playlists");
    }
}
