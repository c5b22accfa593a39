package io.migrationgateway.gateway.routing;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.gateway.auth.LegacyIdentity;
import io.migrationgateway.gateway.dualwrite.DualWriter;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.gateway.upstream.LegacyUnavailableException;
import io.migrationgateway.gateway.http.ErrorBoundaryHandler;
import io.migrationgateway.gateway.http.LegacyErrorBody;
import io.migrationgateway.storage.StorageUnavailableException;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executor;

/**
 * Modes 1 and 2: the legacy side stays authoritative.
 *
 * <ul>
 *   <li>A read streams through the proxy as in mode 0; when its object is sampled, the body is copied on the way
 *       ({@link ResponseCapture}) and, once the caller has it, compared with unified storage's answer
 *       ({@link ShadowReads}), off the request path.</li>
 *   <li>Mode 1 write: streams through the proxy too; once the caller has a 2xx answer, the object is copied to unified
 *       storage in the background ({@link DualWriter#copyToUnifiedLater}).</li>
 *   <li>Mode 2 write: the request is forwarded by the gateway itself, so that the answer can wait: after a 2xx answer
 *       the object is copied to unified storage ({@link DualWriter#copyToUnified}) before the caller hears anything;
 *       when unified storage does not take it the caller gets 503 in the legacy convention, saying what happened to
 *       the legacy write (a create undone; an update or delete kept, and waiting in the outbox for unified storage).</li>
 * </ul>
 */
final class LegacyFirst {
    private final HttpHandler proxy;
    private final ShadowReads shadow;
    private final DualWriter writer;
    private final LegacyClient client;
    private final int captureCap;
    private final int maxRequestBody;
    private final Executor workers;

    LegacyFirst(HttpHandler proxy, ShadowReads shadow, DualWriter writer, LegacyClient client, int captureCap, int maxRequestBody,
                Executor workers) {
        this.proxy = proxy;
        this.shadow = shadow;
        this.writer = writer;
        this.client = client;
        this.captureCap = captureCap;
        this.maxRequestBody = maxRequestBody;
        this.workers = workers;
    }

    void serve(HttpServerExchange exchange, RouteMatch match, long orgId, String namespace, Optional<LegacyIdentity> caller, Mode mode)
            throws Exception {
        if (exchange.getRequestMethod().equals(Methods.GET)) {
            read(exchange, match, orgId, namespace, caller, mode);
        } else if (match.route().reads()) {
            proxy.handleRequest(exchange); // a reading POST: nothing to copy, and no GET to repeat it for a shadow
        } else if (mode == Mode.SHADOW) {
            writeThenCopyLater(exchange, match, namespace);
        } else {
            FullBody.read(exchange, maxRequestBody, (received, body) -> received.dispatch(workers,
                    new ErrorBoundaryHandler(worker -> writeBoth(worker, match, namespace, body))));
        }
    }

    private void read(HttpServerExchange exchange, RouteMatch match, long orgId, String namespace, Optional<LegacyIdentity> caller,
                      Mode mode) throws Exception {
        String rawQuery = exchange.getQueryString().isEmpty() ? null : exchange.getQueryString();
        if (!shadow.sampled(match, rawQuery)) {
            proxy.handleRequest(exchange);
            return;
        }
        ShadowReads.Read read = new ShadowReads.Read(match, namespace, orgId, pathAndQuery(exchange), rawQuery, authorization(exchange),
                caller);
        if (!shadow.copyAnswer(read)) {
            proxy.handleRequest(exchange);
            return;
        }
        ResponseCapture capture = ResponseCapture.of(exchange, captureCap);
        long start = System.nanoTime();
        exchange.addExchangeCompleteListener((done, next) -> {
            try {
                shadow.legacyCopied(read, mode, done.getStatusCode(), done.getResponseHeaders().getFirst(Headers.CONTENT_ENCODING),
                        capture.overflowed() ? null : capture.bytes(), (System.nanoTime() - start) / 1e9);
            } finally {
                next.proceed();
            }
        });
        proxy.handleRequest(exchange);
    }

    private void writeThenCopyLater(HttpServerExchange exchange, RouteMatch match, String namespace) throws Exception {
        ResponseCapture capture = ResponseCapture.of(exchange, captureCap);
        String authorization = authorization(exchange);
        String method = exchange.getRequestMethod().toString();
        exchange.addExchangeCompleteListener((done, next) -> {
            try {
                if (done.getStatusCode() >= 200 && done.getStatusCode() < 300) {
                    Optional<byte[]> body = capture.overflowed() ? Optional.empty() : capture.body(done);
                    LegacyResponse answer = LegacyClient.answer(done.getStatusCode(), body.orElse(new byte[0]));
                    Optional<String> name = WrittenObject.name(match, answer.body());
                    OptionalLong legacyId = WrittenObject.legacyId(match, answer.body());
                    if (name.isPresent()) {
                        writer.copyToUnifiedLater(match.translator(), namespace, name.get(), authorization);
                    } else if (legacyId.isPresent()) {
                        // found by its id off this thread; a deleted one is no longer found, which the next copy catches
                        writer.copyToUnifiedLater(match.translator(), namespace, legacyId.getAsLong(), authorization);
                    }
                }
            } catch (IOException e) {
                // an answer the gateway cannot read names no object: nothing to copy
            } finally {
                next.proceed();
            }
        });
        proxy.handleRequest(exchange);
    }

    private void writeBoth(HttpServerExchange exchange, RouteMatch match, String namespace, byte[] body) {
        // written down before the legacy write: a gateway that stops between the two sides leaves it to another
        long intent;
        try {
            intent = writer.openIntent(Mode.DUAL_WRITE, match.translator(), namespace, WrittenObject.requested(match, body));
        } catch (StorageUnavailableException e) {
            LegacyErrorBody.send(exchange, 503, "The gateway cannot record the write in its database; nothing was changed");
            return;
        }
        try {
            // a kind addressed by legacy id: its object found before the write, since a delete leaves no row to find it by
            Optional<String> named = WrittenObject.pathLegacyId(match).stream().boxed().findFirst()
                    .flatMap(id -> writer.nameOf(Mode.DUAL_WRITE, match.translator(), namespace, id));
            forwardThenCopy(exchange, match, namespace, body, named);
        } finally {
            writer.closeIntent(intent);
        }
    }

    private void forwardThenCopy(HttpServerExchange exchange, RouteMatch match, String namespace, byte[] body, Optional<String> named) {
        LegacyClient.Forwarded answer;
        try {
            answer = client.forward(exchange.getRequestMethod().toString(), pathAndQuery(exchange), headers(exchange), body);
        } catch (LegacyUnavailableException e) {
            LegacyErrorBody.send(exchange, 502, "Bad gateway: the legacy service did not answer");
            return;
        }
        LegacyResponse legacyAnswer = answer.response();
        Optional<String> name = answer.status() >= 200 && answer.status() < 300
                ? WrittenObject.name(match, legacyAnswer.body()).or(() -> named).or(() -> createdById(match, namespace, legacyAnswer))
                : Optional.empty();
        if (name.isPresent()) {
            boolean created = WrittenObject.created(match, exchange.getRequestMethod().toString(), legacyAnswer.body());
            DualWriter.Copy copy = writer.copyToUnified(match.translator(), namespace, name.get(), authorization(exchange), created);
            switch (copy) {
                case DualWriter.Copy.Undone undone -> {
                    LegacyErrorBody.send(exchange, 503, "Unified storage is unavailable; the change was not saved (" + undone.reason() + ")");
                    return;
                }
                case DualWriter.Copy.Queued queued -> {
                    LegacyErrorBody.send(exchange, 503, queued.waiting()
                            ? "The change was saved but unified storage is unavailable; it will be copied there when it is back ("
                                    + queued.reason() + ")"
                            : "The change was saved but could not be copied to unified storage (" + queued.reason() + ")");
                    return;
                }
                case DualWriter.Copy.Done done -> {
                }
            }
        }
        send(exchange, answer);
    }

    /** The object a create of a kind addressed by legacy id made, found by the id its answer names. */
    private Optional<String> createdById(RouteMatch match, String namespace, LegacyResponse answer) {
        OptionalLong id = WrittenObject.legacyId(match, answer.body());
        return id.isPresent() ? writer.nameOf(Mode.DUAL_WRITE, match.translator(), namespace, id.getAsLong()) : Optional.empty();
    }

    private static void send(HttpServerExchange exchange, LegacyClient.Forwarded answer) {
        exchange.setStatusCode(answer.status());
        // the client kept only the headers a caller may be given
        answer.headers().forEach((name, values) -> exchange.getResponseHeaders().putAll(new HttpString(name), values));
        exchange.getResponseSender().send(ByteBuffer.wrap(answer.body()));
    }

    private static Map<String, List<String>> headers(HttpServerExchange exchange) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (HeaderValues values : exchange.getRequestHeaders()) {
            headers.put(values.getHeaderName().toString(), new ArrayList<>(values));
        }
        return headers;
    }

    static String pathAndQuery(HttpServerExchange exchange) {
        String path = ModeRoute.rawPath(exchange);
        return exchange.getQueryString().isEmpty() ? path : path + "?" + exchange.getQueryString();
    }

    static String authorization(HttpServerExchange exchange) {
        String value = exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION);
        return value == null ? "" : value;
    }
}
