package io.migrationgateway.resourceapi;

import io.migrationgateway.resourceapi.auth.Access;
import io.migrationgateway.resourceapi.discovery.DiscoveryDocuments;
import io.migrationgateway.resourceapi.http.Attachments;
import io.migrationgateway.resourceapi.http.Codecs;
import io.migrationgateway.resourceapi.http.RequestBody;
import io.migrationgateway.resourceapi.http.ResponseWriter;
import io.migrationgateway.resourceapi.http.TargetParser;
import io.migrationgateway.resourceapi.http.Verb;
import io.migrationgateway.resourceapi.kinds.Kinds;
import io.migrationgateway.resourceapi.openapi.OpenApiDocuments;
import io.migrationgateway.resourceapi.rest.ResourceVerbs;
import io.migrationgateway.resourceapi.rest.StoreSelector;
import io.migrationgateway.resourceapi.status.StatusErrors;
import io.migrationgateway.storage.ResourceStore;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Methods;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Kubernetes-style Resource API as one Undertow handler: discovery, OpenAPI v3 and the verbs on the declared
 * kinds over a {@link ResourceStore}. Mount it for the paths {@link #owns(String)} accepts.
 *
 * <p>Each request runs off the IO thread (storage blocks on JDBC; see {@link #handleRequest}) through this
 * chain, in order:
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
    private static final Logger LOG = LoggerFactory.getLogger(ResourceApiHandler.class);

    /** The Status of a failure of the status boundary itself, written once (the codecs may be what failed). */
    private static final byte[] INTERNAL_ERROR = ("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
            + "\"status\":\"Failure\",\"message\":\"Internal error occurred\",\"reason\":\"InternalError\","
            + "\"code\":500}").getBytes(StandardCharsets.UTF_8);

    private final HttpHandler chain;
    private final ResponseWriter writer;
    private final int maxBodyBytes;
    /** Runs requests off the IO thread; {@code null}: each connection's XNIO worker. */
    private final Executor workers;
    private final ExecutorService watchThreads = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("resource-api-watch-", 0).factory());

    /**
     * Builds the discovery and OpenAPI documents and the kinds' validators at once, so a broken kind declaration
     * fails here rather than on the first request.
     */
    public ResourceApiHandler(Kinds kinds, ResourceStore store, Access access, ResourceApiSettings settings) {
        this(kinds, StoreSelector.always(store), access, settings, null);
    }

    /**
     * A Resource API whose calls are each served by the store {@code stores} picks for it, on {@code workers}
     * (or, when {@code null}, on the XNIO worker of each request's connection).
     */
    public ResourceApiHandler(Kinds kinds, StoreSelector stores, Access access, ResourceApiSettings settings, Executor workers) {
        Objects.requireNonNull(kinds, "kinds");
        Objects.requireNonNull(stores, "stores");
        Objects.requireNonNull(access, "access");
        Objects.requireNonNull(settings, "settings");
        this.maxBodyBytes = settings.maxBodyBytes();
        this.workers = workers;
        Codecs codecs = new Codecs(settings.maxBodyBytes());
        this.writer = new ResponseWriter(codecs);
        StatusErrors errors = new StatusErrors(kinds);
        ResourceVerbs verbs = new ResourceVerbs(kinds, stores, codecs, writer, errors, new ResourceVerbs.Settings(
                settings.bookmarkInterval(), settings.maxWatch(), settings.clock()));
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

    /**
     * Runs the request's steps off the IO thread, since the store blocks on JDBC. A watch, which may stay open for
     * half an hour and must not hold a worker, gets a virtual thread of its own and streams with blocking writes.
     * Every other request is done in three stages, so that its exchange begins and ends on its IO thread: the IO
     * thread receives the body ({@link RequestBody#receive}, non-blocking); a worker runs the steps,
     * which set the answer; the IO thread sends it ({@link ResponseWriter#finish}, non-blocking).
     *
     * <p>Measured: ending exchanges on workers made the IO threads spin in Undertow's {@code HttpReadListener}
     * (it waits for the exchange to end before it reads the connection's next request), and virtual threads for
     * short requests also cost a direct buffer per request, as Undertow's buffer pool caches per thread.
     */
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (exchange.getRequestMethod().equals(Methods.GET) && Verb.isTrue(exchange.getQueryParameters(), "watch")) {
            exchange.dispatch(watchThreads, () -> serve(exchange));
        } else {
            RequestBody.receive(exchange, maxBodyBytes,
                    () -> exchange.dispatch(workers != null ? workers : exchange.getConnection().getWorker(),
                            () -> serve(exchange)));
        }
    }

    /**
     * Runs the steps (whose first turns every failure into a Status answer), then ends the exchange. A
     * VirtualMachineError other than a stack overflow is thrown on unanswered, to the uncaught-exception handler of the
     * worker or watch thread ({@link StatusBoundaryHandler}).
     */
    private void serve(HttpServerExchange exchange) {
        try {
            chain.handleRequest(exchange);
        } catch (Throwable failure) {
            StatusBoundaryHandler.rethrowIfFatal(failure);
            // not expected (the status boundary answers every other failure), but the request is not left hanging
            LOG.error("request {}: the status boundary failed", exchange.getAttachment(Attachments.REQUEST_ID), failure);
            if (!exchange.isResponseStarted()) {
                writer.sendBytes(exchange, 500, INTERNAL_ERROR, "application/json");
            }
        }
        ResponseWriter.finish(exchange);
    }
}
