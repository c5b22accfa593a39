package io.migrationgateway.gateway.cli;

import io.migrationgateway.gateway.config.DatabaseConfig;
import io.migrationgateway.gateway.config.LogConfig;
import io.migrationgateway.gateway.db.GatewayDatabase;
import io.migrationgateway.legacysim.LegacySim;
import io.migrationgateway.legacysim.LegacySimConfig;
import io.migrationgateway.legacysim.auth.Passwords;
import io.migrationgateway.legacysim.seed.BulkLoader;
import io.migrationgateway.legacysim.seed.DashboardGenerator;
import java.sql.SQLException;
import java.time.Clock;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Runs the Grafana-style legacy simulator alone, so that a gateway can be pointed at it. */
@Command(name = "legacy-sim", mixinStandardHelpOptions = true,
        description = "Run the Grafana-style legacy API simulator (seeded with real dashboards on first start).")
public final class LegacySimCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--bind", defaultValue = "127.0.0.1", description = "Listen address (default ${DEFAULT-VALUE}).")
    private String bind;

    @Option(names = "--port", defaultValue = "3000", description = "Listen port (default ${DEFAULT-VALUE}).")
    private int port;

    @Option(names = "--db-url", paramLabel = "JDBC_URL", description = "PostgreSQL for the legacy tables; without it an embedded PostgreSQL under --data-dir.")
    private String dbUrl;

    @Option(names = "--schema", defaultValue = "legacy", description = "Schema of the legacy tables (default ${DEFAULT-VALUE}).")
    private String schema;

    @Option(names = "--data-dir", defaultValue = "./data", description = "Embedded PostgreSQL files when no --db-url (default ${DEFAULT-VALUE}).")
    private Path dataDir;

    @Option(names = "--admin-password", defaultValue = "admin", description = "Password of the seeded Grafana admin user (default ${DEFAULT-VALUE}).")
    private String adminPassword;

    @Option(names = "--token", description = "Service-account token to seed (Admin in org 1); generated when absent.")
    private String token;

    @Option(names = "--generate", paramLabel = "N", defaultValue = "0",
            description = "Load N more generated dashboards (varied from the real ones) into org 1, for scale runs; "
                    + "the line naming where the simulator listens is printed once they are loaded.")
    private long generate;

    @Option(names = "--generator-seed", defaultValue = "1", description = "Seed of the dashboard generator (default ${DEFAULT-VALUE}); "
            + "the same seed makes the same dashboards, so use another one to add more to a database.")
    private long generatorSeed;

    /** Loads the generated dashboards with a progress line; false (after saying why) when it fails. */
    private boolean loadGenerated(LegacySim sim, PrintWriter out) {
        BulkLoader loader = new BulkLoader(sim.dataSource(), Clock.systemUTC(), 2_000);
        try {
            BulkLoader.Result result = loader.load(1, generate, DashboardGenerator.fromSeedDashboards(generatorSeed),
                    (done, total) -> {
                        out.printf("\rloading generated dashboards: %,d / %,d", done, total);
                        out.flush();
                    });
            out.printf("%nloaded %,d dashboards (%,d tags) in %.1f s, %,.0f dashboards/s%n", result.dashboards(), result.tags(),
                    result.elapsed().toMillis() / 1000.0, result.dashboardsPerSecond());
            return true;
        } catch (SQLException | RuntimeException e) {
            spec.commandLine().getErr().printf("%nloading generated dashboards failed: %s%n", StartupFailure.rootMessage(e));
            return false;
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Logging.apply(new LogConfig("text", false));
        GatewayDatabase embedded = dbUrl == null ? GatewayDatabase.open(new DatabaseConfig("", "", "", "gateway", 4), dataDir) : null;
        String seededToken = token != null ? token : "glsa_" + Passwords.random(32) + "_" + Passwords.random(8).toLowerCase();
        LegacySim sim;
        try {
            sim = LegacySim.start(new LegacySimConfig(bind, port, dbUrl != null ? dbUrl : embedded.jdbcUrl(), schema,
                    adminPassword, seededToken, true));
        } catch (RuntimeException e) {
            if (embedded != null) {
                embedded.close();
            }
            return StartupFailure.report(e, spec.commandLine().getErr(), bind + ":" + port + " (--port)");
        }
        if (generate > 0 && !loadGenerated(sim, out)) {
            sim.close();
            if (embedded != null) {
                embedded.close();
            }
            return 1;
        }
        out.printf("legacy simulator on %s (user admin / %s; a token seeded now: %s; an existing database keeps its own)%n",
                sim.baseUrl(), adminPassword, seededToken);
        out.flush();
        UntilStopped.await(() -> {
            sim.close();
            if (embedded != null) {
                embedded.close();
            }
        });
        return 0;
    }
}
