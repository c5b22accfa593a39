package io.migrationgateway.resourceapi;

import io.migrationgateway.resourceapi.auth.Access;
import io.migrationgateway.resourceapi.discovery.DiscoveryDocuments;
import io.migrationgateway.resourceapi.http.Codecs;
import io.migrationgateway.resourceapi.http.ResponseWriter;
import io.migrationgateway.resourceapi.http.TargetParser;
import io.migrationgateway.resourceapi.kinds.Kinds;
import io.migrationgateway.resourceapi.openapi.OpenApiDocuments;
import io.migrationgateway.resourceapi.rest.ResourceVerbs;
import io.migrationgateway.resourceapi.status.StatusErrors;
import io.migrationgateway.storage.ResourceStore;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The Kubernetes-style Resource API as one Undertow handler: discovery, OpenAPI v3 and the verbs on the declared
 * kinds over a {@link ResourceStore}. Mount it for the paths {@link #owns(String)} accepts.
 *
 * <p>Each request runs on its own virtual thread (storage blocks on JDBC; watches block for minutes) through
 * this chain, in order:
 *
 * <ol>
 *   <li>{@link StatusBoundaryHandler}: request id; every failure becomes a Kubernetes {@code Status} answer;</li>
 *   <li>{@link TargetHandler}: what the path names and what the method does (404, 405);</li>
 *   <li>{@link AuthenticationHandler}: the caller from {@code Authorization} (401; {@code /version} is open);</li>
 *   <li>{@link AuthorizationHandler}: the caller's role in the namespace (403);</li>
 *   <li>{@link NegotiationHandler}: JSON, YAML, Table or aggregated discovery, from {@code Accept} (406);</li>
 *   <li>{@link ServeHandler}: discovery, OpenAPI, or the verb.</li>
 * </ol>
 *
 * <p>Thread-safe; one instance serves every request.
 */
public final class ResourceApiHandler implements HttpHandler {
    private final HttpHandler chain;
    private final ExecutorService workers = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("resource-api-", 0).factory());

    /**
     * Builds the discovery and OpenAPI documents and the kinds' validators at once, so a broken kind declaration
     * fails here rather than on the first request.
     */
    public ResourceApiHandler(Kinds kinds, ResourceStore store, Access access, ResourceApiSettings settings) {
        Objects.requireNonNull(kinds, "kinds");
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(access, "access");
        Objects.requireNonNull(settings, "settings");
        Codecs codecs = new Codecs(settings.maxBodyBytes());
        ResponseWriter writer = new ResponseWriter(codecs);
        StatusErrors errors = new StatusErrors(kinds);
        ResourceVerbs verbs = new ResourceVerbs(kinds, store, codecs, writer, errors, new ResourceVerbs.Settings(
                settings.maxBodyBytes(), settings.bookmarkInterval(), settings.maxWatch(), settings.clock()));
        HttpHandler serve = new ServeHandler(new DiscoveryDocuments(kinds), new OpenApiDocuments(kinds, codecs.json()),
                verbs, writer);
        this.chain = new StatusBoundaryHandler(errors, writer,
                new TargetHandler(new TargetParser(kinds),
                        new AuthenticationHandler(access,
                                new AuthorizationHandler(
                                        new NegotiationHandler(serve)))));
    }

    /**
     * Whether this handler answers {@code path} (the request path, without query): {@code /apis} and below,
     * exactly {@code /api} and {@code /api/} (everything else under {@code /api/} is the legacy API),
     * {@code /version}, {@code /openapi/v3} and below, and {@code /openapi/v2} (answered 404).
     */
    public static boolean owns(String path) {
        return TargetParser.owns(path);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (!Thread.currentThread().isVirtual()) {
            exchange.dispatch(workers, this);
            return;
        }
        if (!exchange.isBlocking()) {
            exchange.startBlocking();
        }
        chain.handleRequest(exchange);
    }
}
