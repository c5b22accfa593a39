package io.migrationgateway.gateway.routing;

import io.migrationgateway.gateway.auth.LegacyIdentity;
import io.migrationgateway.gateway.http.ErrorBoundaryHandler;
import io.migrationgateway.gateway.http.LegacyErrorBody;
import io.migrationgateway.gateway.http.RequestIdHandler;
import io.migrationgateway.resourceapi.auth.Role;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.translators.legacy.Caller;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyRequest;
import io.migrationgateway.translators.legacy.OrgRole;
import io.undertow.io.Receiver;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.RequestTooBigException;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import java.io.IOException;
import java.util.Optional;

/**
 * Mode 4: a legacy route answered from unified storage. The caller's role in the request's org is checked as
 * Grafana's route middleware checks it (a Viewer reads, an Editor or Admin writes), the body is read whole (up to
 * {@code routing.max-request-body}) without blocking the IO thread, and the translator's plan then runs on a worker
 * thread, since the store blocks on JDBC.
 */
final class TranslatedAnswer {
    private final int maxRequestBody;
    private final LegacyPlanRunner runner;

    TranslatedAnswer(int maxRequestBody, LegacyPlanRunner runner) {
        this.maxRequestBody = maxRequestBody;
        this.runner = runner;
    }

    /** Serves {@code match} in org {@code orgId} (namespace {@code namespace}) for {@code identity}; call on the IO thread. */
    void serve(HttpServerExchange exchange, RouteMatch match, long orgId, String namespace, LegacyIdentity identity) {
        Optional<Role> role = identity.caller().roleIn(namespace);
        if (role.isEmpty()) {
            // a caller outside the org the request names: the legacy side does not authenticate it there
            LegacyResponseWriter.write(exchange, LegacyErrors.message(401, "Unauthorized"));
            return;
        }
        if (!exchange.getRequestMethod().equals(Methods.GET) && !role.get().canWrite()) {
            LegacyResponseWriter.write(exchange, LegacyErrors.message(403, "Permission denied"));
            return;
        }
        Caller caller = new Caller(identity.login(), orgRole(role.get()), identity.serviceAccount());
        exchange.getRequestReceiver().setMaxBufferSize(maxRequestBody);
        exchange.getRequestReceiver().receiveFullBytes(
                (received, body) -> received.dispatch(received.getConnection().getWorker(), new ErrorBoundaryHandler(worker ->
                        LegacyResponseWriter.write(worker, runner.run(match,
                                LegacyRequest.of(match, worker.getQueryString(), body, orgId, caller),
                                worker.getAttachment(RequestIdHandler.ATTACHMENT),
                                worker.getRequestHeaders().getFirst(Headers.AUTHORIZATION))))),
                this::unreadableBody);
    }

    private void unreadableBody(HttpServerExchange exchange, IOException failure) {
        // the rest of the connection's bytes are not the next request
        exchange.setPersistent(false);
        if (failure instanceof Receiver.RequestToLargeException) {
            LegacyErrorBody.send(exchange, 413, "Request body larger than " + maxRequestBody + " bytes");
        } else if (failure instanceof RequestTooBigException) {
            // server.max-request-body, below routing.max-request-body
            LegacyErrorBody.send(exchange, 413, "Request body larger than " + exchange.getMaxEntitySize() + " bytes");
        } else {
            LegacyErrorBody.send(exchange, 400, "Bad request: the request body could not be read");
        }
    }

    private static OrgRole orgRole(Role role) {
        return switch (role) {
            case VIEWER -> OrgRole.VIEWER;
            case EDITOR -> OrgRole.EDITOR;
            case ADMIN -> OrgRole.ADMIN;
        };
    }
}
