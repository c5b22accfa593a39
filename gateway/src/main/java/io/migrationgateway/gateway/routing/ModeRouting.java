package io.migrationgateway.gateway.routing;

import io.migrationgateway.gateway.db.PostgresIdAllocator;
import io.migrationgateway.gateway.migration.ModeDecisions;
import io.migrationgateway.gateway.migration.OperationCalls;
import io.migrationgateway.gateway.auth.LegacyAccess;
import io.migrationgateway.gateway.config.RoutingConfig;
import io.migrationgateway.gateway.config.ShadowConfig;
import io.migrationgateway.gateway.dualwrite.DualWriter;
import io.migrationgateway.gateway.lane.PassThroughRule;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.gateway.shadow.ShadowComparisons;
import io.migrationgateway.storage.ObjectHistory;
import io.migrationgateway.storage.ObjectSearch;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.UserIdentities;
import io.undertow.server.HttpHandler;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executor;
import javax.sql.DataSource;

/**
 * Legacy routes served by migration mode, put together: the translators of this deployment and the request-path step
 * built over them ({@link #before}). Immutable; the step it builds is thread-safe.
 */
public final class ModeRouting {
    private final RoutingConfig config;
    private final ShadowConfig shadowConfig;
    private final TranslatorRegistry translators;
    private final ResourceStore store;
    private final LegacyAccess access;
    private final ModeTraffic traffic;
    private final Runnable identitiesChanged;
    private final ShadowComparisons comparisons;
    private final DualWriter writer;
    private final LegacyClient legacyClient;
    private final Executor workers;
    private final ModeDecisions decisions;
    private final RouteFinder routes;
    private final LegacyPlanRunner runner;
    private final ShadowReads shadow;

    private final int maxObjectBytes;

    /**
     * @param translators  the translators {@link #translators} made
     * @param decisions    how their resources are served, by the flags
     * @param store        unified storage, which answers modes 3 and 4
     * @param access       who a caller is, asked of the legacy side (shared with the Resource API, so one cache)
     * @param comparisons  where shadow reads of modes 1–3 are compared
     * @param maxObjectBytes the largest object unified storage keeps: a mode-2 write's body may be no larger
     * @param writer       the second write of modes 1–3
     * @param legacyClient the legacy side, for requests whose answer the gateway must see first, and for the calls of a
     *                     mode 3–4 plan on kinds still in modes 0–2
     * @param operationCalls where the calls to each operation of a resource's legacy surface are counted
     * @param workers      where translated and dual-written requests run, off the IO thread (they block)
     * @param traffic      where requests on translated routes are counted by the mode serving them
     * @param identitiesChanged called once a write of what the legacy side authenticates with is answered
     */
    public ModeRouting(RoutingConfig config, ShadowConfig shadowConfig, TranslatorRegistry translators, ModeDecisions decisions,
                       ResourceStore store, ObjectSearch search, ObjectHistory history, LegacyAccess access, ShadowComparisons comparisons,
                       DualWriter writer, LegacyClient legacyClient, OperationCalls operationCalls, Executor workers, int maxObjectBytes,
                       ModeTraffic traffic, Runnable identitiesChanged) {
        this.traffic = traffic;
        this.identitiesChanged = identitiesChanged;
        this.config = config;
        this.shadowConfig = shadowConfig;
        this.translators = translators;
        this.store = store;
        this.access = access;
        this.comparisons = comparisons;
        this.writer = writer;
        this.legacyClient = legacyClient;
        this.workers = workers;
        this.decisions = decisions;
        this.maxObjectBytes = maxObjectBytes;
        this.routes = new RouteFinder(translators, decisions, operationCalls);
        this.runner = new LegacyPlanRunner(new ResourceCallsByMode(decisions, translators, new UnifiedStoreCalls(store, search, history), legacyClient));
        this.shadow = new ShadowReads(comparisons, shadowConfig, runner, legacyClient, access);
    }

    /**
     * The settings of Grafana's translators in this gateway (the migration jobs make theirs from the same): new legacy
     * ids from {@code dataSource}'s sequences, identities {@code user:<login>}, uids from a {@link SecureRandom}
     * (shared by every worker thread).
     */
    public static TranslatorSettings translatorSettings(DataSource dataSource, Namespaces namespaces) {
        return new TranslatorSettings(namespaces, new PostgresIdAllocator(dataSource), UserIdentities.byLogin(), Clock.systemUTC(),
                new SecureRandom());
    }

    /** The flag key of each translated resource ({@code dashboards.dashboard.grafana.app}), in registry order. */
    public static List<String> resources(TranslatorRegistry translators) {
        return translators.all().stream().map(translator -> translator.kind().qualifiedResource()).toList();
    }

    /** The reads of a compare sweep, as this gateway serves them. */
    public SweepRoutes sweepRoutes() {
        return new SweepRoutes(translators, decisions, shadow);
    }

    /** How the fast lane may serve a legacy request as {@link #before}'s step would ({@link LaneRoute}). */
    public PassThroughRule laneRule() {
        return new LaneRoute(routes, decisions, access, shadow, shadowConfig.maxBody(), traffic)::relay;
    }

    /** The request-path step: legacy routes by mode, everything else (and mode 0) on to {@code legacy}. */
    public HttpHandler before(HttpHandler legacy) {
        return new ModeRoute(routes, decisions, access,
                new TranslatedAnswer(config.maxRequestBody(), runner, workers),
                // a mode-2 write larger than unified storage keeps is refused before the legacy side takes it
                new LegacyFirst(legacy, shadow, writer, legacyClient, shadowConfig.maxBody(), Math.min(config.maxRequestBody(), maxObjectBytes),
                        workers),
                new UnifiedFirst(shadow, writer), new RetiredAnswer(config.sunsetTime()), legacy, traffic, identitiesChanged);
    }
}
