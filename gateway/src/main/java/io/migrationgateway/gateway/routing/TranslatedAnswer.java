package io.migrationgateway.gateway.routing;

import io.migrationgateway.gateway.auth.LegacyIdentity;
import io.migrationgateway.gateway.http.ErrorBoundaryHandler;
import io.migrationgateway.gateway.http.RequestIdHandler;
import io.migrationgateway.resourceapi.auth.Role;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.translators.legacy.Caller;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.OrgRole;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * Modes 3 and 4: a legacy route answered from unified storage. The caller's role in the request's org is checked as
 * Grafana's route middleware checks it (a Viewer reads, an Editor or Admin writes), the body is read whole (up to
 * {@code routing.max-request-body}) without blocking the IO thread, and the translator's plan then runs on a worker
 * thread, since the store blocks on JDBC. Before the answer is sent, {@link Afterwards} may act on it (mode 3 copies a
 * write to the legacy side and queues a shadow read).
 */
final class TranslatedAnswer {
    /** What happens on the worker thread between the unified answer and sending it. */
    @FunctionalInterface
    interface Afterwards {
        Afterwards NOTHING = (request, answer, startNanos) -> answer;

        /** The answer to send for {@code request}, whose plan answered {@code answer} (it started at {@code startNanos}). */
        LegacyResponse apply(LegacyRequest request, LegacyResponse answer, long startNanos);

        /** Runs on the worker before the plan, with the request's body. */
        default void before(RouteMatch match, byte[] body) {
        }
    }

    private final int maxRequestBody;
    private final LegacyPlanRunner runner;
    private final Executor workers;

    TranslatedAnswer(int maxRequestBody, LegacyPlanRunner runner, Executor workers) {
        this.maxRequestBody = maxRequestBody;
        this.runner = runner;
        this.workers = workers;
    }

    /** Serves {@code match} in org {@code orgId} (namespace {@code namespace}) for {@code identity}; call on the IO thread. */
    void serve(HttpServerExchange exchange, RouteMatch match, long orgId, String namespace, LegacyIdentity identity, Afterwards afterwards) {
        Optional<Role> role = identity.caller().roleIn(namespace);
        if (role.isEmpty()) {
            // a caller outside the org the request names: the legacy side does not authenticate it there
            LegacyResponseWriter.write(exchange, LegacyErrors.message(401, "Unauthorized"));
            return;
        }
        if (!match.route().reads() && !role.get().canWrite()) {
            LegacyResponseWriter.write(exchange, LegacyErrors.message(403, "Permission denied"));
            return;
        }
        Caller caller = caller(identity, role.get());
        long start = System.nanoTime();
        // a Runnable, not a handler: Undertow ends a dispatched handler's exchange on the worker as the handler returns,
        // and the answer is sent from the IO thread (LegacyResponseWriter), which ends the exchange there
        FullBody.read(exchange, maxRequestBody, (received, body) -> received.dispatch(workers, () -> answer(received,
                new ErrorBoundaryHandler(worker -> {
                    afterwards.before(match, body);
                    LegacyRequest request = match.request(worker.getQueryString(), body, orgId, caller);
                    LegacyResponse answer = runner.run(match, request, worker.getAttachment(RequestIdHandler.ATTACHMENT),
                            worker.getRequestHeaders().getFirst(Headers.AUTHORIZATION));
                    LegacyResponseWriter.write(worker, afterwards.apply(request, answer, start));
                }))));
    }

    private static void answer(HttpServerExchange exchange, HttpHandler plan) {
        try {
            plan.handleRequest(exchange);
        } catch (Exception unexpected) {
            throw new IllegalStateException("the error boundary let a failure through", unexpected); // it does not
        }
    }

    /** The caller as a translator knows it: login, role in the request's org, service account or user. */
    static Caller caller(LegacyIdentity identity, Role role) {
        OrgRole orgRole = switch (role) {
            case VIEWER -> OrgRole.VIEWER;
            case EDITOR -> OrgRole.EDITOR;
            case ADMIN -> OrgRole.ADMIN;
        };
        return new Caller(identity.login(), orgRole, identity.serviceAccount());
    }
}
