package io.migrationgateway.gateway.demo;

import io.migrationgateway.gateway.Gateway;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.gateway.config.ConfigLoader;
import io.migrationgateway.gateway.config.DatabaseConfig;
import io.migrationgateway.gateway.config.GatewayConfig;
import io.migrationgateway.gateway.db.GatewayDatabase;
import io.migrationgateway.gateway.tls.SelfSignedCertificate;
import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.legacysim.LegacySimConfig;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The one-command demo: an embedded PostgreSQL under the data directory holding both the legacy tables
 * (schema {@code legacy}, seeded on first run) and the gateway's state (schema {@code gateway}), the
 * legacy simulator, and the gateway in front of it. With a TLS port the gateway also serves https with a
 * self-signed certificate kept in {@code <data-dir>/tls}, and a kubeconfig for it is written (kubectl sends
 * credentials only over TLS). Closing stops all three, gateway first.
 */
public final class Demo implements AutoCloseable {
    /**
     * Where and how to run the demo.
     *
     * @param tlsPort    the gateway's https port; 0 = no https and no kubeconfig
     * @param kubeconfig where to write the kubeconfig; empty = {@code <data-dir>/kubeconfig}
     */
    public record Settings(String bind, int port, int adminPort, int legacyPort, int tlsPort, Path dataDir,
                           Optional<Path> kubeconfig, Optional<String> adminPassword, Optional<String> legacyAdminPassword) {
        Path kubeconfigFile() {
            return kubeconfig.orElse(dataDir.resolve("kubeconfig"));
        }
    }

    private final GatewayDatabase database;
    private final LegacySim legacy;
    private final Gateway gateway;
    private final DemoCredentials credentials;
    private final Optional<Path> kubeconfig;
    private final String clientHost;

    private Demo(GatewayDatabase database, LegacySim legacy, Gateway gateway, DemoCredentials credentials,
                 Optional<Path> kubeconfig, String clientHost) {
        this.database = database;
        this.legacy = legacy;
        this.gateway = gateway;
        this.credentials = credentials;
        this.kubeconfig = kubeconfig;
        this.clientHost = clientHost;
    }

    public static Demo start(Settings settings, Map<String, String> env) {
        DemoCredentials credentials = DemoCredentials.loadOrCreate(settings.dataDir(), settings.adminPassword(),
                settings.legacyAdminPassword());
        GatewayDatabase database = GatewayDatabase.open(new DatabaseConfig("", "", "", "gateway", 4), settings.dataDir());
        LegacySim legacy = null;
        try {
            legacy = LegacySim.start(new LegacySimConfig(settings.bind(), settings.legacyPort(), database.jdbcUrl(), "legacy",
                    credentials.legacyAdminPassword(), credentials.legacyToken(), true));
            GatewayDashboard.saveInto(legacy.baseUrl(), credentials.legacyAdminPassword());
            Map<String, String> overrides = new LinkedHashMap<>();
            overrides.put("server.host", settings.bind());
            overrides.put("server.port", Integer.toString(settings.port()));
            overrides.put("admin.host", settings.bind());
            overrides.put("admin.port", Integer.toString(settings.adminPort()));
            overrides.put("admin.username", "admin");
            overrides.put("admin.password", credentials.gatewayAdminPassword());
            overrides.put("legacy.url", legacy.baseUrl());
            overrides.put("legacy.health-path", "/api/health");
            overrides.put("database.url", database.jdbcUrl());
            // the same server's legacy schema: watches over the legacy API see changes made on the simulator directly
            overrides.put("legacy.database-url", database.jdbcUrl() + (database.jdbcUrl().contains("?") ? "&" : "?") + "currentSchema=legacy");
            overrides.put("data-dir", settings.dataDir().toString());
            // a fresh demo has no traffic: `migrate compare` earns the shadow check, reading every org as the simulator's admin
            overrides.put("jobs.compare-authorization", "Basic " + Base64.getEncoder().encodeToString(
                    ("admin:" + credentials.legacyAdminPassword()).getBytes(StandardCharsets.UTF_8)));
            Optional<Path> kubeconfig = Optional.empty();
            if (settings.tlsPort() > 0) {
                SelfSignedCertificate certificate = SelfSignedCertificate.inDirectory(settings.dataDir().resolve("tls"));
                overrides.put("server.tls-port", Integer.toString(settings.tlsPort()));
                overrides.put("server.tls-cert", certificate.certificate().toString());
                overrides.put("server.tls-key", certificate.privateKey().toString());
                kubeconfig = Optional.of(settings.kubeconfigFile());
            }
            GatewayConfig config = new ConfigLoader().load(Optional.empty(), env, overrides);
            // the TLS port is fixed (never 0 here), so the file can be written before the gateway binds it
            kubeconfig.ifPresent(file -> Kubeconfig.write(file,
                    URI.create("https://" + clientHost(settings.bind()) + ":" + settings.tlsPort()),
                    credentials.legacyToken(), Namespaces.DEFAULT));
            return new Demo(database, legacy, Gateway.start(config), credentials, kubeconfig, clientHost(settings.bind()));
        } catch (RuntimeException e) {
            if (legacy != null) {
                legacy.close();
            }
            database.close();
            throw e;
        }
    }

    /** How a client on this machine reaches a server bound to {@code bind}: a wildcard address is loopback. */
    static String clientHost(String bind) {
        if (bind.equals("0.0.0.0") || bind.equals("::") || bind.equals("[::]")) {
            return "127.0.0.1";
        }
        return bind.contains(":") && !bind.startsWith("[") ? "[" + bind + "]" : bind;
    }

    public Gateway gateway() {
        return gateway;
    }

    public LegacySim legacy() {
        return legacy;
    }

    public DemoCredentials credentials() {
        return credentials;
    }

    /** The gateway's public port as a client on this machine reaches it. */
    public URI publicUrl() {
        return URI.create("http://" + clientHost + ":" + gateway.publicAddress().getPort());
    }

    /** The gateway's admin port as a client on this machine reaches it. */
    public URI adminUrl() {
        return URI.create("http://" + clientHost + ":" + gateway.adminAddress().getPort());
    }

    /** The kubeconfig written for the https port, if the demo has one. */
    public Optional<Path> kubeconfig() {
        return kubeconfig;
    }

    @Override
    public void close() {
        gateway.close();
        legacy.close();
        database.close();
    }
}
