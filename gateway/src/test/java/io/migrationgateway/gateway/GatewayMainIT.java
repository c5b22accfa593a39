package io.migrationgateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.gateway.cli.GatewayMain;
import io.migrationgateway.gateway.config.GatewayVersion;
import io.migrationgateway.testsupport.Loopback;
import io.migrationgateway.testsupport.TestDatabase;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import org.junit.jupiter.api.io.TempDir;
import io.migrationgateway.gateway.testing.Cli;
import io.migrationgateway.gateway.testing.Cli.Run;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command line as an operator meets it: exit codes and one-line messages, never a stack trace. */
class GatewayMainIT {
    private static Run run(String... args) {
        return Cli.alone(args);
    }

    private static void assertNoStackTrace(Run run) {
        assertThat(run.err()).doesNotContain("\tat ").doesNotContain("Exception:");
        assertThat(run.out()).doesNotContain("\tat ");
    }

    @Test
    void versionPrintsTheProjectVersion() {
        Run run = run("version");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("migration-gateway " + GatewayVersion.current());
        assertThat(GatewayVersion.current()).matches("\\d+\\.\\d+\\.\\d+.*");
    }

    @Test
    void helpListsTheCommands() {
        Run run = run("--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("serve").contains("version");
    }

    /** Building the command tree, as every process does (the gateway's own serve too), starts no HTTP client's thread. */
    @Test
    void theCommandTreeStartsNoHttpClient() {
        long before = httpClientSelectors();
        CommandLine commandLine = GatewayMain.commandLine();
        assertThat(commandLine.getSubcommands()).containsKeys("serve", "mode", "migrate");
        assertThat(httpClientSelectors()).isEqualTo(before);
    }

    private static long httpClientSelectors() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().matches("HttpClient-\\d+-SelectorManager")).count();
    }

    @Test
    void serveHelpListsTheCommonFlags() {
        Run run = run("serve", "--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("--config", "--port", "--admin-port", "--legacy-url", "--db-url", "--data-dir", "--insecure-admin",
                "--tls-port", "--tls-cert", "--tls-key");
    }

    @Test
    void demoHelpListsItsFlags() {
        Run run = run("demo", "--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("--bind", "--port", "--admin-port", "--legacy-port", "--data-dir", "--admin-password",
                "--legacy-admin-password", "--tls-port", "--kubeconfig", "--tour");
    }

    @Test
    void demoWithAnImpossiblePortStopsNamingTheKey(@TempDir Path dir) {
        Run run = run("demo", "--port", "70000", "--admin-port", "0", "--legacy-port", "0", "--data-dir", dir.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("configuration error: server.port:");
        assertNoStackTrace(run);
    }

    @Test
    void unknownFlagIsAUsageError() {
        Run run = run("serve", "--prot", "9000");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--prot");
    }

    @Test
    void malformedLegacyUrlStopsStartupNamingTheKey() {
        Run run = run("--legacy-url", "localhost:3000", "--insecure-admin");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("configuration error: legacy.url:");
        assertNoStackTrace(run);
    }

    @Test
    void tlsPortWithoutItsCertificateStopsStartupNamingTheKey(@TempDir Path dir) {
        Run run = run("--insecure-admin", "--tls-port", "8443", "--tls-key", dir.resolve("key.pem").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("configuration error: server.tls-cert:");
        assertNoStackTrace(run);
    }

    @Test
    void serveRefusesToStartWithoutAdminCredentials() {
        Run run = run("serve", "--legacy-url", "http://127.0.0.1:3000");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("admin.password").contains("--insecure-admin");
        assertNoStackTrace(run);
    }

    @Test
    void unreachableDatabaseIsAOneLineStartupFailure() throws Exception {
        int closedPort = Loopback.closedPort();
        Run run = run("--insecure-admin", "--port", "0", "--admin-port", "0",
                "--db-url", "jdbc:postgresql://127.0.0.1:" + closedPort + "/nope");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).startsWith("startup failed:").contains("127.0.0.1:" + closedPort);
        assertThat(run.err().strip().lines()).hasSize(1);
        assertNoStackTrace(run);
    }

    @Test
    void busyPortIsAOneLineStartupFailureNamingThePortKeys(@TempDir Path dir) throws Exception {
        String schema = TestDatabase.newSchema();
        Path config = Files.writeString(dir.resolve("gateway.yaml"), "database:\n  schema: " + schema + "\n");
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Run run = run("--config", config.toString(), "--insecure-admin", "--port", Integer.toString(busy.getLocalPort()),
                    "--admin-port", "0", "--db-url", TestDatabase.url());
            assertThat(run.exitCode()).isEqualTo(1);
            assertThat(run.err()).startsWith("startup failed: cannot listen").contains("server.port");
            assertNoStackTrace(run);
            try (Connection c = TestDatabase.connect();
                 ResultSet rows = c.createStatement().executeQuery("SELECT count(*) FROM " + schema + ".gateway_node")) {
                rows.next();
                assertThat(rows.getInt(1)).as("a gateway that failed to start leaves no node row").isZero();
            }
        } finally {
            TestDatabase.dropSchema(schema);
        }
    }
}
