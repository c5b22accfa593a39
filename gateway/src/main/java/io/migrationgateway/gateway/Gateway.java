package io.migrationgateway.gateway;

import com.zaxxer.hikari.HikariDataSource;
import io.migrationgateway.flags.MigrationFlags;
import io.migrationgateway.flags.gate.GateEvidence;
import io.migrationgateway.gateway.admin.AdminServer;
import io.migrationgateway.gateway.config.ConfigException;
import io.migrationgateway.gateway.config.GatewayConfig;
import io.migrationgateway.gateway.config.GatewayVersion;
import io.migrationgateway.gateway.db.DatabaseUnavailableException;
import io.migrationgateway.gateway.db.GatewayDatabase;
import io.migrationgateway.gateway.db.LegacyDatabase;
import io.migrationgateway.gateway.db.NodeRegistry;
import io.migrationgateway.gateway.dualwrite.DualWrite;
import io.migrationgateway.gateway.http.ElasticWorkerPool;
import io.migrationgateway.gateway.jobs.GatewayJobs;
import io.migrationgateway.jobs.LegacyObjects;
import io.migrationgateway.gateway.dualwrite.DualWriteStore;
import io.migrationgateway.gateway.metrics.GatewayMetrics;
import io.migrationgateway.gateway.metrics.JobGauges;
import io.migrationgateway.gateway.metrics.ModeGauges;
import io.migrationgateway.gateway.metrics.OutboxGauges;
import io.migrationgateway.flags.MigrationModes;
import io.migrationgateway.jobs.MigrationJobs;
import io.migrationgateway.gateway.migration.ModeDecisions;
import io.migrationgateway.gateway.migration.OperationCalls;
import io.migrationgateway.gateway.overlegacy.KeptMetadataStore;
import io.migrationgateway.gateway.overlegacy.ModeStores;
import io.migrationgateway.gateway.lane.FastLane;
import io.migrationgateway.gateway.lane.PublicListener;
import io.migrationgateway.gateway.process.OutOfMemoryPolicy;
import io.migrationgateway.gateway.reports.GatewayReports;
import io.migrationgateway.gateway.apis.EmbeddedResourceApi;
import io.migrationgateway.gateway.routing.ModeRouting;
import io.migrationgateway.gateway.routing.ModeTraffic;
import io.migrationgateway.gateway.shadow.Shadow;
import io.migrationgateway.gateway.shadow.ShadowEvidence;
import io.migrationgateway.gateway.tls.PemSslContext;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.gateway.upstream.UpstreamBreaker;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.TranslatorSettings;
import io.migrationgateway.translators.grafana.GrafanaResources;
import io.migrationgateway.gateway.upstream.LegacyUpstream;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.table.LegacyTables;
import io.undertow.Undertow;
import io.undertow.server.HttpHandler;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import javax.net.ssl.SSLContext;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running gateway: its database, the public listener (the fast lane in front of the request chain of
 * {@link GatewayHandlers}, over http and, when {@code server.tls-port} is set, the chain alone over https) and the admin
 * listener. {@link #start} brings everything up or nothing: on any failure what was started is stopped again before the
 * exception leaves.
 */
public final class Gateway implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Gateway.class);
    private static final long HEARTBEAT_SECONDS = 10;
    /** How often calls to untranslated operations are written to the database, where every replica's count. */
    private static final long CALLS_FLUSH_SECONDS = 10;
    /** The newest jobs the job gauges read: the latest of every kind, resource and namespace is among them in practice. */
    private static final int JOBS_IN_METRICS = 100;
    /** An idle keep-alive connection is closed after this. */
    private static final int NO_REQUEST_TIMEOUT_MILLIS = 120_000;

    private final GatewayDatabase database;
    private final NodeRegistry nodes;
    private final ScheduledExecutorService heartbeat;
    private final PublicListener publicServer;
    private final Undertow adminServer;
    private final Stoppable parts;
    private final DualWrite dualWrite;

    /** What sits between the listeners and the database, stopped in this order. */
    private record Stoppable(ElasticWorkerPool workers, EmbeddedResourceApi resourceApi, ModeStores modeStores, Shadow shadow,
                             DualWrite dualWrite, MigrationFlags flags, GatewayJobs jobs, LegacyUpstream legacy,
                             Optional<HikariDataSource> legacyDatabase) {
    }

    private Gateway(GatewayDatabase database, NodeRegistry nodes, ScheduledExecutorService heartbeat,
                    PublicListener publicServer, Undertow adminServer, Stoppable parts, DualWrite dualWrite) {
        this.parts = parts;
        this.dualWrite = dualWrite;
        this.database = database;
        this.nodes = nodes;
        this.heartbeat = heartbeat;
        this.publicServer = publicServer;
        this.adminServer = adminServer;
    }

    /**
     * Starts a gateway.
     *
     * @throws ConfigException when the admin port would be open without credentials and without
     *                         {@code admin.insecure}, or the TLS certificate or key cannot be used
     * @throws DatabaseUnavailableException when the database cannot be used
     * @throws RuntimeException when a port cannot be bound
     */
    public static Gateway start(GatewayConfig config) {
        return start(config, Parts.AS_CONFIGURED);
    }

    /**
     * Parts a test may wrap to inject faults or wrong behaviour, which a configuration cannot express: the translators
     * (a deliberately wrong rule) and unified storage as the legacy routes of modes 1–4 see it (a failing store).
     */
    public record Parts(UnaryOperator<TranslatorRegistry> translators, UnaryOperator<ResourceStore> store) {
        public static final Parts AS_CONFIGURED = new Parts(UnaryOperator.identity(), UnaryOperator.identity());
    }

    /** Starts a gateway with {@code parts} wrapped as given; see {@link #start(GatewayConfig)}. */
    public static Gateway start(GatewayConfig config, Parts parts) {
        if (!config.admin().credentialsConfigured() && !config.admin().insecure()) {
            throw new ConfigException("admin.password", "is required to protect the admin port: set MGW_ADMIN_PASSWORD "
                    + "(or admin.password in the config file), or pass --insecure-admin for a development gateway");
        }
        if (config.admin().insecure()) {
            LOG.warn("admin port {} runs WITHOUT credentials (--insecure-admin); do not expose it", config.admin().port());
        }
        // PEM problems are configuration errors: find them before anything is started
        Optional<SSLContext> tls = config.server().tlsEnabled()
                ? Optional.of(PemSslContext.load(Path.of(config.server().tlsCert()), Path.of(config.server().tlsKey())))
                : Optional.empty();
        Instant startedAt = Instant.now();
        GatewayDatabase database = GatewayDatabase.open(config.database(), config.dataDir());
        ScheduledExecutorService heartbeat = OutOfMemoryPolicy.scheduler("node-heartbeat");
        PublicListener publicServer = null;
        Undertow adminServer = null;
        ElasticWorkerPool workers = null;
        EmbeddedResourceApi resourceApi = null;
        Shadow shadow = null;
        DualWrite dualWrite = null;
        MigrationFlags flags = null;
        ModeStores modeStores = null;
        GatewayJobs jobs = null;
        LegacyUpstream legacy = null;
        Optional<HikariDataSource> legacyDatabase = Optional.empty();
        NodeRegistry nodes = new NodeRegistry(database.dataSource(), Clock.systemUTC(), newNodeId(),
                config.dualWrite().orphanAfter());
        try {
            nodes.register(GatewayVersion.current());
            heartbeat.scheduleWithFixedDelay(() -> beat(nodes), HEARTBEAT_SECONDS, HEARTBEAT_SECONDS, TimeUnit.SECONDS);

            // Grafana's on-premises mapping (org 1 is default, org N is org-N), the one every part of the gateway uses
            Namespaces namespaces = Namespaces.onPrem();
            TranslatorSettings translatorSettings = ModeRouting.translatorSettings(database.dataSource(), namespaces);
            LegacyTables resources = GrafanaResources.tables(translatorSettings);
            TranslatorRegistry translators = parts.translators().apply(resources.translators());
            // every way to the legacy side, over one breaker
            legacy = new LegacyUpstream(config.legacy());
            LegacyClient legacyClient = legacy.client();
            GatewayMetrics metrics = new GatewayMetrics();
            metrics.bindCircuitBreaker(legacy.breaker());
            legacyClient.timeCallsWith(metrics::legacyCall);
            metrics.bindGateThreshold(config.flags().gates().shadowMaxMismatchRate());
            workers = ElasticWorkerPool.start("gateway-worker", config.server().effectiveCoreWorkerThreads(),
                    config.server().effectiveWorkerThreads());
            metrics.bindWorkerPool(workers);
            // started even when /apis is not served: its store answers legacy routes in modes 3 and 4
            resourceApi = EmbeddedResourceApi.start(config.resourceApi(), config.legacy(), legacyClient, database.dataSource(),
                    config.database().requestTimeout(), translators, namespaces);
            ResourceStore unified = parts.store().apply(resourceApi.store());
            legacyDatabase = LegacyDatabase.open(config.legacy());
            KeptMetadataStore kept = new KeptMetadataStore(database.dataSource(), config.database().requestTimeout());
            GateEvidence jobEvidence = GatewayJobs.migrate(database.dataSource(), config.database().schema());
            shadow = Shadow.start(config.shadow(), database.dataSource(), metrics.registry(), Clock.systemUTC());
            dualWrite = DualWrite.start(config.dualWrite(), config.shadow(), database.dataSource(), unified, legacyClient, translators,
                    metrics.registry(), Clock.systemUTC(), nodes.nodeId(), legacyDatabase.map(DataSource.class::cast), resources, namespaces,
                    config.database().requestTimeout(), kept);
            // every resource with a translator gets a migration flag (a Togglz feature)
            OperationCalls operationCalls = new OperationCalls(database.dataSource(), Clock.systemUTC());
            heartbeat.scheduleWithFixedDelay(() -> flush(operationCalls), CALLS_FLUSH_SECONDS, CALLS_FLUSH_SECONDS,
                    TimeUnit.SECONDS);
            GateEvidence legacyObjects = legacyDatabase.<GateEvidence>map(legacyDb -> new LegacyObjects(legacyDb, resources, namespaces))
                    .orElse(GateEvidence.NONE);
            GateEvidence evidence = new GatewayEvidence(jobEvidence, legacyObjects, new ShadowEvidence(shadow.records(), dualWrite.store()),
                    operationCalls, translators, legacyDatabase.isPresent());
            flags = MigrationFlags.start(database.dataSource(), ModeRouting.resources(translators), config.flags().settings(),
                    evidence, Clock.systemUTC());
            // a flip waits for every replica to serve it: say at once what this one serves, and again on every change
            nodes.serve(flags.modes());
            flags.modes().onChange(() -> beat(nodes));
            beat(nodes);
            ModeDecisions decisions = new ModeDecisions(flags.modes(), namespaces, ModeRouting.resources(translators));
            ModeRouting byMode = new ModeRouting(config.routing(), config.shadow(), translators, decisions, unified,
                    resourceApi.search(), resourceApi.history(), resourceApi.access(), shadow.comparisons(), dualWrite.writer(), legacyClient, operationCalls, workers,
                    config.resourceApi().maxObjectBytes(), new ModeTraffic(metrics.registry()), resourceApi.identityChanges()::changed);
            jobs = GatewayJobs.start(config.jobs(), database.dataSource(), legacyDatabase.map(DataSource.class::cast), resourceApi.store(),
                    resourceApi.imports(), translatorSettings, kept, byMode.sweepRoutes(), shadow.sweep(), config.dualWrite().retryAuthorization());
            bindMigrationGauges(metrics, flags.modes(), dualWrite.store(), jobs.jobs());
            // /apis: unified storage in modes 3-5, the legacy API through the translators in modes 0-2
            modeStores = new ModeStores(translators, decisions, unified, legacyClient, legacyDatabase.map(DataSource.class::cast),
                    resources, config.legacy().watchPollInterval(), config.resourceApi().maxObjectBytes(), kept,
                    dualWrite.writer(), resourceApi.identityChanges()::changed);
            Optional<HttpHandler> apis = config.resourceApi().enabled() ? Optional.of(resourceApi.handler(modeStores, workers)) : Optional.empty();

            HttpHandler chain = GatewayHandlers.build(config, legacy, metrics, apis, byMode);
            UpstreamBreaker laneGuard = legacy.guard();
            Optional<FastLane.Settings> fastLane = fastLaneSettings(config, legacy);
            publicServer = PublicListener.start(new PublicListener.Settings(config.server().host(), config.server().port(),
                            config.server().effectiveIoThreads(), config.server().maxHeaderSize(),
                            config.server().effectiveMaxRequestBody(), (int) config.server().requestHeadTimeout().toMillis(),
                            NO_REQUEST_TIMEOUT_MILLIS, config.server().maxConnectionsReadingHead()),
                    chain,
                    listener -> fastLane.map(settings -> new FastLane(listener.worker(), listener.undertow(),
                            GatewayHandlers.passThroughRule(apis, byMode), laneGuard, metrics, settings)).orElse(null),
                    tls, config.server().tlsPort(), metrics::slowHeadClosed);

            adminServer = Undertow.builder()
                    .addHttpListener(config.admin().port(), config.admin().host())
                    .setIoThreads(1)
                    .setWorkerThreads(4)
                    .setHandler(AdminServer.handler(config.admin(), database, nodes, legacy, metrics, startedAt, flags,
                            evidence, config.flags().gates().shadowMinCompared(), dualWrite.store(),
                            new GatewayReports(database.dataSource(), GatewayVersion.current()), jobs.jobs(), translators))
                    .build();
            adminServer.start();

            Gateway gateway = new Gateway(database, nodes, heartbeat, publicServer, adminServer,
                    new Stoppable(workers, resourceApi, modeStores, shadow, dualWrite, flags, jobs, legacy, legacyDatabase), dualWrite);
            LOG.info("migration gateway {} listening on {}{}{} (admin {}), forwarding to {}, state in {}",
                    GatewayVersion.current(), gateway.publicAddress(),
                    gateway.tlsAddress().map(address -> " and https " + address).orElse(""),
                    gateway.publicAddress().getAddress().isAnyLocalAddress()
                            ? " on every network interface (server.host narrows it, e.g. 127.0.0.1)" : "",
                    gateway.adminAddress(), config.legacy().url(), database.description());
            return gateway;
        } catch (SQLException e) {
            stopQuietly(publicServer, adminServer, new Stoppable(workers, resourceApi, modeStores, shadow, dualWrite, flags, jobs, legacy, legacyDatabase), heartbeat, database);
            throw new DatabaseUnavailableException("cannot register this gateway in the database: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            deregisterQuietly(nodes);
            stopQuietly(publicServer, adminServer, new Stoppable(workers, resourceApi, modeStores, shadow, dualWrite, flags, jobs, legacy, legacyDatabase), heartbeat, database);
            throw e;
        }
    }

    /**
     * The fast lane's settings, or empty when it is off: by {@code server.fast-pass-through}, or because the legacy URL
     * is https or has a path prefix, which only Undertow's proxy handles.
     */
    private static Optional<FastLane.Settings> fastLaneSettings(GatewayConfig config, LegacyUpstream upstream) {
        if (!config.server().fastPassThrough()) {
            return Optional.empty();
        }
        var legacy = config.legacy();
        Optional<InetSocketAddress> address = upstream.laneAddress();
        if (address.isEmpty()) {
            LOG.info("fast pass-through is off: legacy.url {} is not plain http without a path", legacy.url());
            return Optional.empty();
        }
        return Optional.of(new FastLane.Settings(address.get(), legacy.connectionsPerIoThread(), legacy.maxQueueSize(), legacy.retries(), legacy.connectTimeout().toMillis(),
                legacy.responseTimeout().toMillis(), NO_REQUEST_TIMEOUT_MILLIS,
                config.server().maxHeaderSize(), config.log().access(), config.server().trustedPeers()));
    }

    /** The gauges of the migration's state (modes, outbox, jobs), read when /metrics is scraped. */
    private static void bindMigrationGauges(GatewayMetrics metrics, MigrationModes modes, DualWriteStore outbox,
                                            Optional<MigrationJobs> jobs) {
        ModeGauges modeGauges = new ModeGauges(metrics.registry(),
                () -> modes.resources().stream().map(modes::state).toList());
        OutboxGauges outboxGauges = new OutboxGauges(metrics.registry(), modes.resources(), () -> outboxDepths(outbox));
        metrics.beforeScrape(modeGauges::refresh);
        metrics.beforeScrape(outboxGauges::refresh);
        jobs.ifPresent(migrationJobs -> {
            JobGauges jobGauges = new JobGauges(metrics.registry(), () -> migrationJobs.list(JOBS_IN_METRICS), Clock.systemUTC());
            metrics.beforeScrape(jobGauges::refresh);
        });
    }

    private static java.util.Map<String, OutboxGauges.Pending> outboxDepths(DualWriteStore outbox) {
        java.util.Map<String, OutboxGauges.Pending> depths = new java.util.HashMap<>();
        outbox.pendingByResource().forEach((resource, pending) ->
                depths.put(resource, new OutboxGauges.Pending(pending.count(), pending.oldestAgeSeconds())));
        return depths;
    }

    private static void flush(OperationCalls calls) {
        try {
            calls.flush();
        } catch (SQLException e) {
            LOG.warn("cannot record the calls to the resources' legacy operations (kept for the next try): {}", e.getMessage());
        }
    }

    private static void beat(NodeRegistry nodes) {
        try {
            nodes.heartbeat();
        } catch (SQLException e) {
            LOG.warn("node heartbeat failed: {}", e.getMessage());
        }
    }

    private static String newNodeId() {
        String host = System.getenv().getOrDefault("HOSTNAME", "localhost");
        return host + "-" + ProcessHandle.current().pid() + "-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000));
    }

    /** The plain-http public listener. */
    public InetSocketAddress publicAddress() {
        return publicServer.address();
    }

    /** The https public listener, when {@code server.tls-port} is set. */
    public Optional<InetSocketAddress> tlsAddress() {
        return publicServer.tlsAddress();
    }

    public InetSocketAddress adminAddress() {
        return (InetSocketAddress) adminServer.getListenerInfo().get(0).getAddress();
    }

    /** The migration flags: the mode of every (resource, namespace), for the request path. */
    public MigrationFlags flags() {
        return parts.flags();
    }

    /** Dual-write: the outbox, for operators and tests that drain it. */
    public DualWrite dualWrite() {
        return dualWrite;
    }

    public GatewayDatabase database() {
        return database;
    }

    public String nodeId() {
        return nodes.nodeId();
    }

    @Override
    public void close() {
        deregisterQuietly(nodes);
        stopQuietly(publicServer, adminServer, parts, heartbeat, database);
    }

    private static void deregisterQuietly(NodeRegistry nodes) {
        try {
            nodes.deregister();
        } catch (SQLException e) {
            LOG.warn("could not deregister node {}: {}", nodes.nodeId(), e.getMessage());
        }
    }

    private static void stopQuietly(PublicListener publicServer, Undertow adminServer, Stoppable parts,
                                    ScheduledExecutorService heartbeat, GatewayDatabase database) {
        if (publicServer != null) {
            publicServer.close();
        }
        if (adminServer != null) {
            adminServer.stop();
        }
        // after the listeners: no request is using them any more; shadow and dual-write before the store they write to,
        // everything before the database
        if (parts.workers() != null) {
            parts.workers().close();
        }
        if (parts.shadow() != null) {
            parts.shadow().close();
        }
        if (parts.dualWrite() != null) {
            parts.dualWrite().close();
        }
        if (parts.jobs() != null) {
            parts.jobs().close();
        }
        if (parts.modeStores() != null) {
            parts.modeStores().close();
        }
        if (parts.resourceApi() != null) {
            parts.resourceApi().close();
        }
        if (parts.flags() != null) {
            parts.flags().close();
        }
        if (parts.legacy() != null) {
            parts.legacy().close();
        }
        parts.legacyDatabase().ifPresent(HikariDataSource::close);
        heartbeat.shutdownNow();
        database.close();
    }
}
