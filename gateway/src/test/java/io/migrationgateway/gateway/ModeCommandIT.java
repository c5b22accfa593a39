package io.migrationgateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.migrationgateway.gateway.testing.AdminClient;
import io.migrationgateway.gateway.testing.Cli;
import io.migrationgateway.gateway.testing.Cli.Run;
import io.migrationgateway.gateway.testing.TestGateway;
import io.migrationgateway.testsupport.Loopback;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code mode get|set} against a running gateway, as an operator runs it: output, exit codes, the audit it leaves. */
class ModeCommandIT {
    private static final String DASHBOARDS = "dashboards.dashboard.grafana.app";
    private static final String FOLDERS = "folders.folder.grafana.app";

    @RegisterExtension
    static WireMockExtension legacy = Loopback.legacyStub();

    private static TestGateway gateway;
    private static AdminClient admin;

    @BeforeAll
    static void start() {
        gateway = TestGateway.start(legacy.baseUrl());
        admin = new AdminClient(gateway);
    }

    @AfterAll
    static void stop() {
        gateway.close();
    }

    /** Runs {@code mode ARGS} against the test gateway with the admin credentials, unless ARGS name their own. */
    private static Run mode(String... args) {
        List<String> all = new ArrayList<>(List.of("mode"));
        all.addAll(List.of(args));
        return Cli.run(gateway, all.toArray(String[]::new));
    }

    @Test
    void getShowsEveryResourcesModeAndWhatTheNextStepNeeds() {
        Run run = mode("get");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("RESOURCE", DASHBOARDS, FOLDERS, "playlists.playlist.grafana.app", "serviceaccounts.iam.grafana.app",
                "(all)", "0 legacy",
                "1 shadow: pass");

        assertThat(mode("set", FOLDERS, "2", "--reason", "dual-write first").exitCode()).isZero();
        Run one = mode("get", FOLDERS);
        assertThat(one.exitCode()).isZero();
        assertThat(one.out()).doesNotContain(DASHBOARDS).contains("2 dual-write", "3 unified-read: inconclusive",
                "no verification has run for folders.folder.grafana.app in all namespaces");
        assertThat(one.out()).containsPattern("PUT /api/folders/\\{uid} +legacy side, compared with unified storage +unified storage, "
                + "copied to the legacy side").containsPattern("GET /api/folders/\\{uid}/permissions +legacy side +legacy side");
        assertThat(mode("set", FOLDERS, "0", "--reason", "back to legacy").exitCode()).isZero();
    }

    @Test
    void aRefusedFlipExitsOneSayingWhichGateFailedWithItsFigures() throws Exception {
        Run run = mode("set", FOLDERS, "4", "--reason", "try");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("REFUSED (verdict: inconclusive)", "(all): 0 -> 4", "verification", "shadow-comparison",
                "minCompared=1000", "--force");
        assertThat(admin.mode(FOLDERS, null)).isZero();
    }

    @Test
    void aDryRunShowsTheVerdictAndChangesNothing() throws Exception {
        Run run = mode("set", FOLDERS, "unified-only", "--namespace", "org-3", "--reason", "what if", "--force", "--dry-run");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("DRY RUN (verdict: inconclusive)", "org-3: 0 -> 4");
        assertThat(admin.mode(FOLDERS, "org-3")).isZero();
    }

    @Test
    void aForcedFlipWithAReasonIsAppliedAndAuditedAsComingFromTheCommandLine() throws Exception {
        Run run = mode("set", DASHBOARDS, "4", "--namespace", "org-2", "--reason", "org-2 cut-over", "--force");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("APPLIED", "org-2: 0 -> 4: inconclusive (forced)");
        assertThat(mode("get", DASHBOARDS).out()).contains("org-2", "4 unified-only", "5 legacy-retired: pass");

        JsonNode entry = admin.getJson("/admin/audit?limit=1").get(0);
        assertThat(entry.path("via").asText()).isEqualTo("cli");
        assertThat(entry.path("who").asText()).isEqualTo(TestGateway.ADMIN_USER);
        assertThat(entry.path("reason").asText()).isEqualTo("org-2 cut-over");
        assertThat(entry.path("forced").asBoolean()).isTrue();
    }

    @Test
    void usageMistakesAndRefusedCredentialsExitTwo() {
        Run noReason = mode("set", DASHBOARDS, "4");
        assertThat(noReason.exitCode()).isEqualTo(2);
        assertThat(noReason.err()).contains("--reason");

        Run badMode = mode("set", DASHBOARDS, "9", "--reason", "x");
        assertThat(badMode.exitCode()).isEqualTo(2);
        assertThat(badMode.err()).contains("0 to 5");

        Run unknown = mode("set", "widgets.example.io", "4", "--reason", "x");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("no migration flag for resource 'widgets.example.io'");

        Run unknownGet = mode("get", "widgets.example.io");
        assertThat(unknownGet.exitCode()).isEqualTo(2);

        Run wrongPassword = mode("get", "--admin-password", "wrong");
        assertThat(wrongPassword.exitCode()).isEqualTo(2);
        assertThat(wrongPassword.err()).contains("refused the credentials of user 'admin'", "MGW_ADMIN_PASSWORD");
    }

    @Test
    void everyNameKubectlTakesForAResourceGetsAndSetsTheSameFlag() throws Exception {
        for (String name : List.of("dashboards", "dashboard", "dash", "Dashboard", DASHBOARDS)) {
            Run get = mode("get", name);
            assertThat(get.exitCode()).as(name + ": " + get.err()).isZero();
            assertThat(get.out()).as(name).contains(DASHBOARDS, "OPERATION").doesNotContain(FOLDERS);
        }
        try {
            for (String name : List.of("folders", "folder", "Folder", FOLDERS)) {
                Run set = mode("set", name, "1", "--namespace", "org-7", "--reason", "shadow org-7 via " + name);
                assertThat(set.exitCode()).as(name + ": " + set.err()).isZero();
                assertThat(set.out()).as(name).containsAnyOf("APPLIED", "nothing to change");
                assertThat(admin.mode(FOLDERS, "org-7")).as(name).isEqualTo(1);
                assertThat(mode("set", name, "0", "--namespace", "org-7", "--reason", "back").exitCode()).isZero();
                assertThat(admin.mode(FOLDERS, "org-7")).as(name).isZero();
            }
        } finally {
            admin.forceMode(FOLDERS, "org-7", 0);
        }
    }

    @Test
    void anUnknownNameIsRefusedListingTheResourcesAndChangesNothing() throws Exception {
        long lastAudited = admin.getJson("/admin/audit?limit=1").path(0).path("id").asLong();
        Run set = mode("set", "widgets", "4", "--reason", "x", "--force");
        assertThat(set.exitCode()).isEqualTo(2);
        assertThat(set.err()).contains("no migration flag for resource 'widgets'", DASHBOARDS + " (dashboards, dashboard, dash)",
                FOLDERS + " (folders, folder)", "playlists.playlist.grafana.app (playlists, playlist)",
                "serviceaccounts.iam.grafana.app (serviceaccounts, serviceaccount, sa)");
        assertThat(admin.getJson("/admin/audit?limit=1").path(0).path("id").asLong()).isEqualTo(lastAudited);

        Run get = mode("get", "widget");
        assertThat(get.exitCode()).isEqualTo(2);
        assertThat(get.err()).contains("no migration flag for resource 'widget'", DASHBOARDS + " (dashboards, dashboard, dash)");
    }

    @Test
    void theAdminOptionsMayComeBeforeOrAfterTheSubcommand() {
        String url = "http://127.0.0.1:" + gateway.adminPort();
        Run before = Cli.run(gateway, "mode", "--admin-url", url, "--admin-password", TestGateway.ADMIN_PASSWORD, "--admin-user",
                TestGateway.ADMIN_USER, "get", "dash");
        assertThat(before.exitCode()).as(before.err()).isZero();
        assertThat(before.out()).contains(DASHBOARDS);
        Run after = Cli.run(gateway, "mode", "get", "dash", "--admin-url", url, "--admin-password", TestGateway.ADMIN_PASSWORD);
        assertThat(after.exitCode()).as(after.err()).isZero();
        assertThat(after.out()).isEqualTo(before.out());

        Run wrongBefore = Cli.run(gateway, "mode", "--admin-password", "wrong", "get");
        assertThat(wrongBefore.exitCode()).isEqualTo(2);
        assertThat(wrongBefore.err()).contains("refused the credentials");
        Run closedBefore = Cli.run(gateway, "mode", "--admin-url", "http://127.0.0.1:" + Loopback.closedPort(), "set", "dash", "1",
                "--reason", "x");
        assertThat(closedBefore.exitCode()).isEqualTo(3);
    }

    @Test
    void anUnreachableAdminApiExitsThree() throws Exception {
        Run run = mode("get", "--admin-url", "http://127.0.0.1:" + Loopback.closedPort());
        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err()).startsWith("error: cannot reach the admin API at http://127.0.0.1:");
        assertThat(run.err().strip().lines()).hasSize(1);
    }
}
