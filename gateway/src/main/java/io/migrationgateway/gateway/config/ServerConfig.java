package io.migrationgateway.gateway.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The public listener: legacy clients connect here. With {@link #tlsPort()} above 0 the same routes are also
 * served over https, because kubectl and client-go send credentials only over TLS.
 *
 * @param workerThreads the most threads that run the requests which block on the database (the Resource API, and
 *                      legacy requests translated or dual-written in modes 2-5); 0 = eight per IO thread, at least 32
 * @param coreWorkerThreads the worker threads kept while they keep up; the pool grows from here up to
 *                      {@code workerThreads} while requests wait and the CPU has room (ElasticWorkerPool); 0 = two
 *                      per IO thread
 * @param tlsPort https port; 0 = no https listener
 * @param tlsCert PEM file with the server certificate and its chain (may be empty when TLS is off)
 * @param tlsKey  PEM file with the certificate's private key (may be empty when TLS is off)
 * @param fastPassThrough plain http requests that go to the legacy side as they came are relayed by the fast lane
 *                      ({@code FastLane}) instead of Undertow's proxy
 * @param requestHeadTimeout a request head must arrive whole within this from its first byte, on every public listener
 * @param maxConnectionsReadingHead the most connections of the http port reading a request head at once; beyond it the
 *                      one reading longest is closed
 * @param trustedProxies addresses and CIDR ranges of the proxies in front of the gateway whose {@code X-Forwarded-*}
 *                      fields are passed on as sent ({@link TrustedProxies})
 */
public record ServerConfig(String host, int port, int ioThreads, int workerThreads, int coreWorkerThreads, int maxHeaderSize,
                           long maxRequestBody, int tlsPort, String tlsCert, String tlsKey, boolean fastPassThrough,
                           Duration requestHeadTimeout, int maxConnectionsReadingHead, List<String> trustedProxies) {
    public ServerConfig {
        Checks.host("server.host", host);
        Checks.port("server.port", port);
        Checks.range("server.io-threads", ioThreads, 0, 1024);
        Checks.range("server.worker-threads", workerThreads, 0, 4096);
        Checks.range("server.core-worker-threads", coreWorkerThreads, 0, 4096);
        if (workerThreads > 0 && coreWorkerThreads > workerThreads) {
            throw new ConfigException("server.core-worker-threads",
                    "is " + coreWorkerThreads + ", more than server.worker-threads (" + workerThreads + ")");
        }
        Checks.range("server.max-header-size", maxHeaderSize, 1024, 1024 * 1024);
        Checks.range("server.max-request-body", maxRequestBody, 0, Long.MAX_VALUE);
        Checks.port("server.tls-port", tlsPort);
        Checks.positive("server.request-head-timeout", requestHeadTimeout);
        if (requestHeadTimeout.toMillis() < 1 || requestHeadTimeout.toMillis() > Integer.MAX_VALUE) {
            // Undertow takes it as an int of milliseconds, where 0 means none
            throw new ConfigException("server.request-head-timeout", "must be from 1ms to 24 days, got " + requestHeadTimeout);
        }
        Checks.range("server.max-connections-reading-head", maxConnectionsReadingHead, 1, 10_000_000);
        trustedProxies = trustedProxies == null ? List.of() : List.copyOf(trustedProxies);
        TrustedProxies.parse("server.trusted-proxies", trustedProxies);
        tlsCert = tlsCert == null ? "" : tlsCert.strip();
        tlsKey = tlsKey == null ? "" : tlsKey.strip();
        if (tlsPort > 0) {
            readableFile("server.tls-cert", tlsCert);
            readableFile("server.tls-key", tlsKey);
        }
    }

    private static void readableFile(String key, String file) {
        if (file.isEmpty()) {
            throw new ConfigException(key, "is required when server.tls-port is set (a PEM file)");
        }
        Path path = Path.of(file);
        if (!Files.isRegularFile(path)) {
            throw new ConfigException(key, "file not found: " + path);
        }
        if (!Files.isReadable(path)) {
            throw new ConfigException(key, "cannot read " + path);
        }
    }

    /** The proxies whose {@code X-Forwarded-*} fields pass as sent. */
    public TrustedProxies trustedPeers() {
        return TrustedProxies.parse("server.trusted-proxies", trustedProxies);
    }

    /** Whether the https listener is on; then {@link #tlsCert()} and {@link #tlsKey()} name readable files. */
    public boolean tlsEnabled() {
        return tlsPort > 0;
    }

    /** The body size limit for Undertow: -1 (none) when {@code max-request-body} is 0. */
    public long effectiveMaxRequestBody() {
        return maxRequestBody == 0 ? -1 : maxRequestBody;
    }

    /** IO threads to start: the configured number, or one per available core. */
    public int effectiveIoThreads() {
        return ioThreads > 0 ? ioThreads : Runtime.getRuntime().availableProcessors();
    }

    /**
     * The most worker threads: the configured number, or eight per IO thread and at least 32. A worker blocks for a
     * database round trip, so a database across a network needs many (about the request rate times the round trip).
     */
    public int effectiveWorkerThreads() {
        return workerThreads > 0 ? workerThreads : Math.max(32, effectiveIoThreads() * 8);
    }

    /**
     * The worker threads kept while they keep up: the configured number, or two per IO thread, which keep up with a
     * database on the same host (fewer workers hand requests over less often; docs/performance.md, Resource API).
     */
    public int effectiveCoreWorkerThreads() {
        return Math.min(effectiveWorkerThreads(), coreWorkerThreads > 0 ? coreWorkerThreads : effectiveIoThreads() * 2);
    }
}
