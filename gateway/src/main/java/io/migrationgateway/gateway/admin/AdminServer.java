package io.migrationgateway.gateway.admin;

import io.migrationgateway.flags.MigrationFlags;
import io.migrationgateway.flags.gate.GateEvidence;
import io.migrationgateway.gateway.config.GatewayVersion;
import io.migrationgateway.gateway.config.AdminConfig;
import io.migrationgateway.gateway.db.GatewayDatabase;
import io.migrationgateway.gateway.db.NodeRegistry;
import io.migrationgateway.gateway.dualwrite.DualWriteStore;
import io.migrationgateway.gateway.http.ErrorBoundaryHandler;
import io.migrationgateway.gateway.metrics.GatewayMetrics;
import io.migrationgateway.gateway.reports.GatewayReports;
import io.migrationgateway.gateway.reports.ReportsApi;
import io.migrationgateway.gateway.upstream.LegacyUpstream;
import io.migrationgateway.jobs.MigrationJobs;
import io.migrationgateway.translators.TranslatorRegistry;
import io.undertow.Handlers;
import io.undertow.server.HttpHandler;
import io.undertow.server.RoutingHandler;
import io.undertow.server.handlers.BlockingHandler;
import io.undertow.util.Headers;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The admin port's routes. {@code /healthz} and {@code /readyz} answer anyone and say only up or down;
 * every other path, including unknown ones, first requires the admin credentials, so an unauthenticated
 * caller cannot even learn which routes exist.
 *
 * <ul>
 *   <li>{@code GET /healthz}: the process is alive;</li>
 *   <li>{@code GET /readyz}: database reachable, legacy client alive and legacy host reachable (503 otherwise);</li>
 *   <li>{@code GET /metrics}: Prometheus text format;</li>
 *   <li>{@code GET /admin/info}: version, node, uptime, upstream, database, breaker state;</li>
 *   <li>{@code GET /admin/nodes}: every gateway process sharing the database, whether it is live and the modes it serves;</li>
 *   <li>{@code GET /admin/resources}, {@code PUT /admin/resources/{resource}/mode}, {@code GET /admin/audit}: the
 *       migration flags ({@link ModesApi});</li>
 *   <li>{@code GET /admin/outbox}, {@code POST /admin/outbox/{id}/resolve}: the dual-write outbox ({@link OutboxApi});</li>
 *   <li>{@code /admin/jobs}: the migration jobs ({@link JobsApi});</li>
 *   <li>{@code GET /admin/overview}: every resource's standing, as an HTML page ({@link OverviewPage});</li>
 *   <li>{@code GET /admin/reports/{kind}}: the shadow, dual-write and verification reports ({@link ReportsApi});</li>
 *   <li>{@code /togglz/...}: the Togglz console ({@link TogglzConsole}).</li>
 * </ul>
 */
public final class AdminServer {
    /** The Togglz console's page, where modes are flipped by hand. */
    public static final String CONSOLE = TogglzConsole.PATH + "/index";
    /** Where every resource stands, with the gate's verdict on its next mode. */
    public static final String OVERVIEW = "/admin/overview";

    /** Every route that needs credentials, for documentation and for the test that enumerates them. */
    public static final List<String> PROTECTED_ROUTES = List.of("/metrics", "/admin/info", "/admin/nodes", "/admin/resources",
            "/admin/audit", "/admin/outbox", "/admin/jobs", OVERVIEW, "/admin/reports/verification", CONSOLE);

    private AdminServer() {
    }

    /**
     * @param evidence     the figures the flip gate reads, shown on the overview page
     * @param shadowWindow how many of the latest compared shadow reads the gate measures the mismatch rate over
     */
    public static HttpHandler handler(AdminConfig config, GatewayDatabase database, NodeRegistry nodes,
                                      LegacyUpstream legacy, GatewayMetrics metrics,
                                      Instant startedAt, MigrationFlags flags, GateEvidence evidence, int shadowWindow,
                                      DualWriteStore dualWrites, GatewayReports reports, Optional<MigrationJobs> jobs,
                                      TranslatorRegistry translators) {
        AdminCredentials credentials = config.insecure() ? null : new AdminCredentials(config.username(), config.password());
        ResourceNames names = new ResourceNames(flags.modes().resources(), translators.kinds());
        ModesApi modes = new ModesApi(flags, evidence, translators, names,
                credentials == null ? "anonymous" : credentials.username());
        OutboxApi outbox = new OutboxApi(dualWrites, credentials == null ? "anonymous" : credentials.username());
        JobsApi migrations = new JobsApi(jobs, names);
        ReadinessCheck readiness = new ReadinessCheck(database, legacy.client());
        RoutingHandler open = Handlers.routing()
                .get("/healthz", exchange -> AdminResponses.json(exchange, 200, Map.of("status", "ok")))
                .get("/readyz", blocking(exchange -> {
                    Map<String, String> checks = readiness.run();
                    boolean ready = !checks.containsValue("down");
                    AdminResponses.json(exchange, ready ? 200 : 503,
                            Map.of("status", ready ? "ready" : "not ready", "checks", checks));
                }));
        RoutingHandler guarded = Handlers.routing()
                .get("/metrics", exchange -> {
                    exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8");
                    exchange.getResponseSender().send(metrics.scrape());
                })
                .get("/admin/info", exchange -> {
                    Map<String, Object> info = new LinkedHashMap<>();
                    info.put("version", GatewayVersion.current());
                    info.put("node", nodes.nodeId());
                    info.put("startedAt", startedAt.toString());
                    info.put("uptimeSeconds", Duration.between(startedAt, Instant.now()).toSeconds());
                    info.put("legacyUrl", legacy.url().toString());
                    info.put("database", database.description());
                    info.put("legacyCircuitBreaker", legacy.breaker().getState().name());
                    AdminResponses.json(exchange, 200, info);
                })
                .get("/admin/nodes", blocking(exchange -> AdminResponses.json(exchange, 200, nodes.nodes())))
                .get("/admin/resources", blocking(modes.resources()))
                .put("/admin/resources/{resource}/mode", blocking(modes.flip()))
                .get("/admin/audit", blocking(modes.audit()))
                .get("/admin/outbox", blocking(outbox.pending()))
                .post("/admin/outbox/{id}/resolve", blocking(outbox.resolve()))
                .get("/admin/jobs", blocking(migrations.list()))
                .post("/admin/jobs", blocking(migrations.start()))
                .get("/admin/jobs/{id}", blocking(migrations.get()))
                .post("/admin/jobs/{id}/pause", blocking(migrations.pause()))
                .post("/admin/jobs/{id}/resume", blocking(migrations.resume()))
                .post("/admin/jobs/{id}/cancel", blocking(migrations.cancel()))
                .get(OVERVIEW, blocking(new OverviewPage(flags, evidence, shadowWindow, Clock.systemUTC())))
                .get("/admin/reports/{kind}", blocking(new ReportsApi(reports, names::resolve, Clock.systemUTC())))
                .setFallbackHandler(exchange -> AdminResponses.json(exchange, 404, AdminResponses.message("Not found")))
                .setInvalidMethodHandler(exchange -> AdminResponses.json(exchange, 405, AdminResponses.message("Method not allowed")));
        HttpHandler withConsole = Handlers.path(guarded).addPrefixPath(TogglzConsole.PATH, TogglzConsole.handler(flags, credentials,
                config.consoleCsrfTtl(), Clock.systemUTC()));
        HttpHandler protectedRoutes = credentials == null ? withConsole : new BasicAuthHandler(credentials, withConsole);
        return new ErrorBoundaryHandler(open.setFallbackHandler(protectedRoutes).setInvalidMethodHandler(protectedRoutes));
    }

    /** Runs a handler that blocks (database, network) on a worker thread, still inside an error boundary. */
    private static HttpHandler blocking(HttpHandler handler) {
        return new BlockingHandler(new ErrorBoundaryHandler(handler));
    }
}
