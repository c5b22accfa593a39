package io.migrationgateway.gateway.cli;

import io.migrationgateway.gateway.demo.Demo;
import io.migrationgateway.gateway.demo.Tour;
import io.migrationgateway.gateway.demo.Welcome;
import io.migrationgateway.gateway.config.LogConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Runs the demo: embedded PostgreSQL, the seeded legacy simulator, and the gateway in front of it. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Start an embedded PostgreSQL, the Grafana-style legacy simulator (seeded with real dashboards) "
                + "and the gateway in front of it; print where they are and how to try them. Ctrl-C stops everything.",
                "A second run reuses the data and the credentials kept in the data directory."})
public final class DemoCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--bind", defaultValue = "127.0.0.1", description = "Address every server listens on (default ${DEFAULT-VALUE}).")
    private String bind;

    @Option(names = "--port", defaultValue = "8080", description = "Gateway public port (default ${DEFAULT-VALUE}).")
    private int port;

    @Option(names = "--admin-port", defaultValue = "8081", description = "Gateway admin port (default ${DEFAULT-VALUE}).")
    private int adminPort;

    @Option(names = "--legacy-port", defaultValue = "3000", description = "Legacy simulator port (default ${DEFAULT-VALUE}).")
    private int legacyPort;

    @Option(names = "--tls-port", defaultValue = "8443",
            description = "Gateway https port for kubectl, self-signed certificate in the data directory (default ${DEFAULT-VALUE}; 0 = off).")
    private int tlsPort;

    @Option(names = "--kubeconfig", paramLabel = "FILE",
            description = "Where to write a kubeconfig for the https port, when there is one (default <data-dir>/kubeconfig; "
                    + "never overwrites a file the demo did not write).")
    private Path kubeconfig;

    @Option(names = "--data-dir", defaultValue = "./data", description = "Embedded PostgreSQL and demo credentials (default ${DEFAULT-VALUE}).")
    private Path dataDir;

    @Option(names = "--admin-password", description = "Password of the gateway's admin port (user admin); generated on first run.")
    private String adminPassword;

    @Option(names = "--legacy-admin-password", description = "Password of the simulator's Grafana admin user on first run (default admin).")
    private String legacyAdminPassword;

    @Option(names = "--tour", description = "Once the demo is up, take playlists from mode 0 to mode 4 through the gate, "
            + "unforced, narrating each step; the demo keeps running after it, and after a step that fails.")
    private boolean tour;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Logging.apply(new LogConfig("text", false));
        Demo demo;
        try {
            demo = Demo.start(new Demo.Settings(bind, port, adminPort, legacyPort, tlsPort, dataDir, Optional.ofNullable(kubeconfig),
                    Optional.ofNullable(adminPassword), Optional.ofNullable(legacyAdminPassword)), System.getenv());
        } catch (RuntimeException e) {
            return StartupFailure.report(e, err, bind + ":" + port + " (--port), " + adminPort + " (--admin-port), "
                    + (tlsPort > 0 ? tlsPort + " (--tls-port), " : "") + "or " + legacyPort + " (--legacy-port)");
        }
        out.print(Welcome.text(demo, bind, dataDir));
        out.flush();
        if (tour) {
            // on its own thread, so that Ctrl-C during the tour still stops the demo cleanly
            Thread.ofPlatform().name("tour").daemon().start(() -> new Tour(demo, out).run());
        }
        UntilStopped.await(demo::close);
        return 0;
    }
}
