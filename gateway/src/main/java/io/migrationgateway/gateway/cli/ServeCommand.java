package io.migrationgateway.gateway.cli;

import io.migrationgateway.gateway.Gateway;
import io.migrationgateway.gateway.config.ConfigException;
import io.migrationgateway.gateway.config.ConfigLoader;
import io.migrationgateway.gateway.config.GatewayConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Starts the gateway and runs until the process is told to stop (SIGINT/SIGTERM). */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Run the gateway in front of the legacy deployment (the default command).",
                "Settings come from the reference defaults, then --config FILE, then MGW_* environment variables, then these flags."})
public final class ServeCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "YAML configuration file.")
    private Path configFile;

    @Option(names = "--port", description = "Public port (server.port, default 8080).")
    private Integer port;

    @Option(names = "--admin-port", description = "Admin port (admin.port, default 8081).")
    private Integer adminPort;

    @Option(names = "--tls-port", description = "Public https port serving the same routes, for kubectl (server.tls-port, default 0 = off).")
    private Integer tlsPort;

    @Option(names = "--tls-cert", paramLabel = "PEM_FILE", description = "Certificate chain of the https port (server.tls-cert).")
    private String tlsCert;

    @Option(names = "--tls-key", paramLabel = "PEM_FILE", description = "Private key of the https port (server.tls-key).")
    private String tlsKey;

    @Option(names = "--legacy-url", paramLabel = "URL", description = "Base URL of the legacy deployment (legacy.url).")
    private String legacyUrl;

    @Option(names = "--db-url", paramLabel = "JDBC_URL",
            description = "PostgreSQL for the gateway's state (database.url); without it an embedded PostgreSQL runs under --data-dir.")
    private String dbUrl;

    @Option(names = "--data-dir", paramLabel = "DIR", description = "Directory for the embedded database and local state (data-dir, default ./data).")
    private String dataDir;

    @Option(names = "--insecure-admin", description = "Serve admin routes without credentials (development only).")
    private boolean insecureAdmin;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        GatewayConfig config;
        try {
            config = new ConfigLoader().load(Optional.ofNullable(configFile), System.getenv(), overrides());
        } catch (ConfigException e) {
            return StartupFailure.report(e, err, "");
        }
        Logging.apply(config.log());
        Gateway gateway;
        try {
            gateway = Gateway.start(config);
        } catch (RuntimeException e) {
            String tls = config.server().tlsEnabled()
                    ? ", " + config.server().host() + ":" + config.server().tlsPort() + " (server.tls-port)" : "";
            return StartupFailure.report(e, err, config.server().host() + ":" + config.server().port() + " (server.port)" + tls
                    + " or " + config.admin().host() + ":" + config.admin().port() + " (admin.port)");
        }
        UntilStopped.await(gateway::close);
        return 0;
    }

    Map<String, String> overrides() {
        Map<String, String> overrides = new LinkedHashMap<>();
        if (port != null) {
            overrides.put("server.port", port.toString());
        }
        if (adminPort != null) {
            overrides.put("admin.port", adminPort.toString());
        }
        if (tlsPort != null) {
            overrides.put("server.tls-port", tlsPort.toString());
        }
        if (tlsCert != null) {
            overrides.put("server.tls-cert", tlsCert);
        }
        if (tlsKey != null) {
            overrides.put("server.tls-key", tlsKey);
        }
        if (legacyUrl != null) {
            overrides.put("legacy.url", legacyUrl);
        }
        if (dbUrl != null) {
            overrides.put("database.url", dbUrl);
        }
        if (dataDir != null) {
            overrides.put("data-dir", dataDir);
        }
        if (insecureAdmin) {
            overrides.put("admin.insecure", "true");
        }
        return overrides;
    }
}
