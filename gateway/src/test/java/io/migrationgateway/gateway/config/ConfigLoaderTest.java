package io.migrationgateway.gateway.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {
    private final ConfigLoader loader = new ConfigLoader();

    @TempDir
    Path dir;

    private GatewayConfig load(String yaml, Map<String, String> env, Map<String, String> flags) throws IOException {
        Path file = dir.resolve("gateway.yaml");
        Files.writeString(file, yaml);
        return loader.load(Optional.of(file), env, flags);
    }

    private ConfigException failure(String yaml) {
        Path file = dir.resolve("bad.yaml");
        try {
            Files.writeString(file, yaml);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
                () -> loader.load(Optional.of(file), Map.of(), Map.of()));
    }

    @Test
    void defaultsAloneGiveAWorkingConfiguration() {
        GatewayConfig config = loader.load(Optional.empty(), Map.of(), Map.of());
        assertThat(config.server().port()).isEqualTo(8080);
        assertThat(config.admin().port()).isEqualTo(8081);
        assertThat(config.admin().consoleCsrfTtl()).isEqualTo(Duration.ofMinutes(10));
        assertThat(config.legacy().url()).isEqualTo(URI.create("http://127.0.0.1:3000"));
        assertThat(config.legacy().responseTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.database().externalUrl()).isEmpty();
        assertThat(config.dataDir()).isEqualTo(Path.of("./data"));
    }

    @Test
    void fileOverridesDefaultsAndKeepsTheRest() throws IOException {
        GatewayConfig config = load("""
                legacy:
                  url: https://grafana.internal:3000/grafana
                  connect-timeout: 750ms
                  breaker:
                    open-duration: PT1M
                """, Map.of(), Map.of());
        assertThat(config.legacy().url().toString()).isEqualTo("https://grafana.internal:3000/grafana");
        assertThat(config.legacy().connectTimeout()).isEqualTo(Duration.ofMillis(750));
        assertThat(config.legacy().breaker().openDuration()).isEqualTo(Duration.ofMinutes(1));
        assertThat(config.legacy().breaker().failureRateThreshold()).isEqualTo(50);
    }

    @Test
    void environmentOverridesFileAndFlagsOverrideEnvironment() throws IOException {
        GatewayConfig config = load("server:\n  port: 9000\nadmin:\n  port: 9001\n",
                Map.of("MGW_SERVER_PORT", "9100", "MGW_ADMIN_PORT", "9101", "PATH", "/usr/bin"),
                Map.of("server.port", "9200"));
        assertThat(config.server().port()).isEqualTo(9200);
        assertThat(config.admin().port()).isEqualTo(9101);
    }

    @Test
    void unknownKeyIsRefusedWithItsFullPath() {
        ConfigException e = failure("legacy:\n  breaker:\n    open-durration: 5s\n");
        assertThat(e.key()).isEqualTo("legacy.breaker.open-durration");
        assertThat(e.getMessage()).contains("unknown key").contains("open-duration");
    }

    @Test
    void unknownTopLevelKeyIsRefused() {
        assertThat(failure("sever:\n  port: 1\n").key()).isEqualTo("sever");
    }

    @Test
    void malformedUrlIsRefusedNamingTheKey() {
        ConfigException e = failure("legacy:\n  url: 'not a url'\n");
        assertThat(e.key()).isEqualTo("legacy.url");
    }

    @Test
    void urlWithoutHttpSchemeIsRefused() {
        ConfigException e = failure("legacy:\n  url: ftp://files.example/\n");
        assertThat(e.key()).isEqualTo("legacy.url");
        assertThat(e.getMessage()).contains("http://");
    }

    @Test
    void urlCarryingCredentialsIsRefusedWithoutEchoingThem() {
        ConfigException e = failure("legacy:\n  url: http://user:hunter2@legacy:3000\n");
        assertThat(e.key()).isEqualTo("legacy.url");
        assertThat(e.getMessage()).doesNotContain("hunter2");
    }

    @Test
    void impossiblePortIsRefused() {
        ConfigException e = failure("server:\n  port: 70000\n");
        assertThat(e.key()).isEqualTo("server.port");
        assertThat(e.getMessage()).contains("65535");
    }

    @Test
    void wrongTypeIsRefusedNamingTheKey() {
        ConfigException e = failure("server:\n  port: eighty\n");
        assertThat(e.key()).isEqualTo("server.port");
        assertThat(e.getMessage()).contains("whole number").contains("eighty");
    }

    @Test
    void theSunsetOfRetiredRoutesIsADateOrAnInstant() throws IOException {
        assertThat(loader.load(Optional.empty(), Map.of(), Map.of()).routing().sunsetTime()).isEqualTo(Instant.parse("2026-12-31T00:00:00Z"));
        assertThat(load("routing:\n  sunset: 2027-03-01T12:30:00Z\n", Map.of(), Map.of()).routing().sunsetTime())
                .isEqualTo(Instant.parse("2027-03-01T12:30:00Z"));
        ConfigException e = failure("routing:\n  sunset: next spring\n");
        assertThat(e.key()).isEqualTo("routing.sunset");
        assertThat(e.getMessage()).contains("next spring");
    }

    @Test
    void malformedDurationIsRefused() {
        ConfigException e = failure("legacy:\n  response-timeout: soon\n");
        assertThat(e.key()).isEqualTo("legacy.response-timeout");
        assertThat(e.getMessage()).contains("soon");
    }

    @Test
    void zeroTimeoutIsRefused() {
        assertThat(failure("legacy:\n  connect-timeout: 0s\n").key()).isEqualTo("legacy.connect-timeout");
        assertThat(failure("admin:\n  console-csrf-ttl: 0s\n").key()).isEqualTo("admin.console-csrf-ttl");
    }

    @Test
    void nonPostgresDatabaseUrlIsRefused() {
        ConfigException e = failure("database:\n  url: jdbc:mysql://db/x?password=hunter2\n");
        assertThat(e.key()).isEqualTo("database.url");
        assertThat(e.getMessage()).doesNotContain("hunter2");
    }

    @Test
    void samePublicAndAdminPortIsRefused() {
        assertThat(failure("server:\n  port: 9000\nadmin:\n  port: 9000\n").key()).isEqualTo("admin.port");
    }

    @Test
    void mappingWhereValueExpectedIsRefused() {
        assertThat(failure("legacy:\n  url:\n    host: x\n").key()).isEqualTo("legacy.url");
    }

    @Test
    void invalidYamlIsReportedWithItsLine() {
        ConfigException e = failure("server:\n  port: [1,\n");
        assertThat(e.key()).isEqualTo("--config");
        assertThat(e.getMessage()).contains("line");
    }

    @Test
    void missingFileIsReported() {
        assertThatThrownBy(() -> loader.load(Optional.of(dir.resolve("nope.yaml")), Map.of(), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("file not found");
    }

    @Test
    void emptyFileMeansDefaults() throws IOException {
        assertThat(load("", Map.of(), Map.of()).server().port()).isEqualTo(8080);
    }

    @Test
    void unknownPrefixedEnvironmentVariableIsRefused() {
        assertThatThrownBy(() -> loader.load(Optional.empty(), Map.of("MGW_LEGACY_ULR", "http://x"), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("MGW_LEGACY_ULR: unknown environment variable");
    }

    @Test
    void environmentVariableValueIsValidatedUnderItsKey() {
        assertThatThrownBy(() -> loader.load(Optional.empty(), Map.of("MGW_LEGACY_BREAKER_FAILURE_RATE_THRESHOLD", "0"), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("legacy.breaker.failure-rate-threshold:");
    }

    @Test
    void everyKeyHasAnEnvironmentVariable() {
        assertThat(loader.environmentVariables())
                .containsEntry("MGW_LEGACY_RESPONSE_TIMEOUT", "legacy.response-timeout")
                .containsEntry("MGW_ADMIN_PASSWORD", "admin.password")
                .containsEntry("MGW_DATA_DIR", "data-dir");
    }

    @Test
    void passwordsNeverAppearInToString() throws IOException {
        GatewayConfig config = load("admin:\n  password: hunter2\ndatabase:\n  password: hunter3\n", Map.of(), Map.of());
        assertThat(config.toString()).doesNotContain("hunter2").doesNotContain("hunter3");
    }

    @Test
    void workerThreadsDefaultToEightPerIoThreadAndAtLeast32() {
        ServerConfig server = loader.load(Optional.empty(), Map.of(), Map.of()).server();
        assertThat(server.workerThreads()).isZero();
        assertThat(server.effectiveWorkerThreads()).isEqualTo(Math.max(32, server.effectiveIoThreads() * 8));
    }

    @Test
    void workerThreadsComeFromTheEnvironmentAndRefuseNegatives() throws IOException {
        assertThat(load("", Map.of("MGW_SERVER_WORKER_THREADS", "4"), Map.of()).server().effectiveWorkerThreads())
                .isEqualTo(4);
        assertThat(failure("server:\n  worker-threads: -1\n").key()).isEqualTo("server.worker-threads");
    }

    @Test
    void coreWorkerThreadsDefaultToTwoPerIoThreadWithinTheMaximum() throws IOException {
        ServerConfig defaults = loader.load(Optional.empty(), Map.of(), Map.of()).server();
        assertThat(defaults.effectiveCoreWorkerThreads()).isEqualTo(2 * defaults.effectiveIoThreads());
        assertThat(load("server:\n  io-threads: 4\n  worker-threads: 6\n", Map.of(), Map.of()).server()
                .effectiveCoreWorkerThreads()).isEqualTo(6);
        assertThat(load("", Map.of("MGW_SERVER_CORE_WORKER_THREADS", "12"), Map.of()).server()
                .effectiveCoreWorkerThreads()).isEqualTo(12);
    }

    @Test
    void coreWorkerThreadsAboveTheMaximumNameTheKey() throws IOException {
        ConfigException tooMany = failure("server:\n  worker-threads: 8\n  core-worker-threads: 9\n");
        assertThat(tooMany.key()).isEqualTo("server.core-worker-threads");
        assertThat(tooMany.getMessage()).contains("server.worker-threads (8)");
        assertThat(failure("server:\n  core-worker-threads: -2\n").key()).isEqualTo("server.core-worker-threads");
    }

    @Test
    void tlsIsOffByDefault() {
        ServerConfig server = loader.load(Optional.empty(), Map.of(), Map.of()).server();
        assertThat(server.tlsEnabled()).isFalse();
        assertThat(server.tlsPort()).isZero();
    }

    @Test
    void tlsPortComesWithItsPemFilesFromAnyLayer() throws IOException {
        Path cert = Files.writeString(dir.resolve("cert.pem"), "pem");
        Path key = Files.writeString(dir.resolve("key.pem"), "pem");
        ServerConfig server = load("server:\n  tls-cert: " + cert + "\n",
                Map.of("MGW_SERVER_TLS_KEY", key.toString()), Map.of("server.tls-port", "8443")).server();
        assertThat(server.tlsEnabled()).isTrue();
        assertThat(server.tlsPort()).isEqualTo(8443);
        assertThat(server.tlsCert()).isEqualTo(cert.toString());
        assertThat(server.tlsKey()).isEqualTo(key.toString());
    }

    @Test
    void tlsPortWithoutCertificateOrKeyNamesTheMissingKey() throws IOException {
        ConfigException noCert = failure("server:\n  tls-port: 8443\n");
        assertThat(noCert.key()).isEqualTo("server.tls-cert");
        assertThat(noCert.getMessage()).contains("required");

        Path cert = Files.writeString(dir.resolve("cert.pem"), "pem");
        assertThat(failure("server:\n  tls-port: 8443\n  tls-cert: " + cert + "\n").key()).isEqualTo("server.tls-key");
    }

    @Test
    void missingTlsFilesAreRefusedNamingTheKey() throws IOException {
        Path cert = Files.writeString(dir.resolve("cert.pem"), "pem");
        ConfigException e = failure("server:\n  tls-port: 8443\n  tls-cert: " + cert + "\n  tls-key: " + dir.resolve("nope.pem") + "\n");
        assertThat(e.key()).isEqualTo("server.tls-key");
        assertThat(e.getMessage()).contains("file not found").contains("nope.pem");
    }

    @Test
    void tlsPortEqualToThePublicOrAdminPortIsRefused() throws IOException {
        Path cert = Files.writeString(dir.resolve("cert.pem"), "pem");
        String files = "  tls-cert: " + cert + "\n  tls-key: " + cert + "\n";
        assertThat(failure("server:\n  port: 9000\n  tls-port: 9000\n" + files).key()).isEqualTo("server.tls-port");
        assertThat(failure("server:\n  tls-port: 8081\n" + files).key()).isEqualTo("server.tls-port");
    }

    @Test
    void flagsHaveWrittenDefaultsAndRefuseImpossibleGates() {
        FlagsConfig flags = loader.load(Optional.empty(), Map.of(), Map.of()).flags();
        assertThat(flags.refreshInterval()).isEqualTo(Duration.ofSeconds(30));
        assertThat(flags.gates().shadowMaxMismatchRate()).isEqualTo(0.001);
        assertThat(flags.gates().shadowMinCompared()).isEqualTo(1000);
        assertThat(failure("flags:\n  gates:\n    shadow-max-mismatch-rate: 1.5\n").key()).isEqualTo("flags.gates.shadow-max-mismatch-rate");
        assertThat(failure("flags:\n  gates:\n    shadow-min-compared: 0\n").key()).isEqualTo("flags.gates.shadow-min-compared");
        assertThat(failure("flags:\n  refresh-interval: 0s\n").key()).isEqualTo("flags.refresh-interval");
        assertThat(loader.load(Optional.empty(), Map.of("MGW_FLAGS_GATES_SHADOW_MAX_MISMATCH_RATE", "0.01"), Map.of())
                .flags().gates().shadowMaxMismatchRate()).isEqualTo(0.01);
    }

    @Test
    void aPoolTooSmallToShareWithTheFlagListenerIsRefused() {
        assertThat(failure("database:\n  pool-size: 1\n").key()).isEqualTo("database.pool-size");
    }

    @Test
    void identityCacheHasShortDefaultsAndRefusesZero() {
        LegacyConfig.IdentityCacheConfig cache = loader.load(Optional.empty(), Map.of(), Map.of()).legacy().identityCache();
        assertThat(cache.ttl()).isEqualTo(Duration.ofSeconds(10));
        assertThat(cache.refusedTtl()).isEqualTo(Duration.ofSeconds(2));
        assertThat(failure("legacy:\n  identity-cache:\n    refused-ttl: 0s\n").key()).isEqualTo("legacy.identity-cache.refused-ttl");
        assertThat(loader.environmentVariables()).containsEntry("MGW_LEGACY_IDENTITY_CACHE_TTL", "legacy.identity-cache.ttl");
    }

    @Test
    void shadowAndDualWriteHaveWrittenDefaults() {
        GatewayConfig config = loader.load(Optional.empty(), Map.of(), Map.of());
        assertThat(config.shadow().noiseRelativeThreshold()).isEqualTo(0.2);
        assertThat(config.shadow().noiseAbsoluteThreshold()).isEqualTo(0.0003);
        assertThat(config.shadow().of("dashboards").samplingRate()).isEqualTo(0.1);
        assertThat(config.shadow().of("dashboards").ignore()).isEmpty();
        assertThat(config.shadow().of("no-such-resource").samplingRate()).isZero();
        assertThat(config.dualWrite().retryInitialBackoff()).isEqualTo(Duration.ofSeconds(1));
        assertThat(config.dualWrite().retryAuthorization()).isEmpty();
    }

    @Test
    void ignoreRulesAreListsFromTheFileOrTheEnvironment() throws IOException {
        GatewayConfig config = load("""
                shadow:
                  resources:
                    dashboards:
                      sampling-rate: 1
                      ignore:
                        - path: "$.meta.expires"
                        - path: "$.dashboard.tags"
                          array-order: true
                        - path: "$.dashboard.refresh"
                          number-tolerance: 0.01
                """, Map.of("MGW_SHADOW_RESOURCES_FOLDERS_IGNORE", "[{path: \"$.url\"}]"), Map.of());
        ShadowConfig.ResourceShadow dashboards = config.shadow().of("dashboards");
        assertThat(dashboards.samplingRate()).isEqualTo(1.0);
        assertThat(dashboards.ignore()).containsExactly(new ShadowConfig.IgnoreRule("$.meta.expires", false, 0.0),
                new ShadowConfig.IgnoreRule("$.dashboard.tags", true, 0.0), new ShadowConfig.IgnoreRule("$.dashboard.refresh", false, 0.01));
        assertThat(dashboards.ignore().get(0).drops()).isTrue();
        assertThat(dashboards.ignore().get(1).drops()).isFalse();
        assertThat(config.shadow().of("folders").ignore()).containsExactly(new ShadowConfig.IgnoreRule("$.url", false, 0.0));
    }

    @Test
    void badShadowValuesAreRefusedNamingTheKey() {
        assertThat(failure("shadow:\n  resources:\n    dashboards:\n      ignore:\n        - path: \"meta.x\"\n").getMessage())
                .startsWith("shadow.resources.dashboards.ignore[0].path: a JSON path starts with $");
        assertThat(failure("shadow:\n  resources:\n    dashboards:\n      sampling-rate: 1.5\n").getMessage())
                .startsWith("shadow.resources.dashboards.sampling-rate: must be a fraction from 0 to 1");
        assertThat(failure("shadow:\n  resources:\n    widgets:\n      sampling-rate: 1\n").getMessage())
                .startsWith("shadow.resources.widgets: unknown key");
        assertThat(failure("shadow:\n  resources:\n    dashboards:\n      ignore: \"$.x\"\n").getMessage())
                .startsWith("shadow.resources.dashboards.ignore: must be a list");
        assertThat(failure("dual-write:\n  retry-initial-backoff: 10m\n  retry-max-backoff: 1m\n").getMessage())
                .startsWith("dual-write.retry-max-backoff: must not be shorter");
    }

    @Test
    void theRetryCredentialIsNeverPrinted() throws IOException {
        GatewayConfig config = load("dual-write:\n  retry-authorization: \"Bearer glsa_secret\"\n", Map.of(), Map.of());
        assertThat(config.dualWrite().retryAuthorization()).isEqualTo("Bearer glsa_secret");
        assertThat(config.toString()).doesNotContain("glsa_secret");
    }

    @Test
    void durationsAcceptShortAndIsoForms() {
        assertThat(ConfigLoader.parseDuration("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(ConfigLoader.parseDuration("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(ConfigLoader.parseDuration("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(ConfigLoader.parseDuration("PT0.5S")).isEqualTo(Duration.ofMillis(500));
        assertThatThrownBy(() -> ConfigLoader.parseDuration("5 parsecs")).isInstanceOf(IllegalArgumentException.class);
    }
}
