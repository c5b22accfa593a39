package io.migrationgateway.resourceapi;

import io.migrationgateway.resourceapi.auth.Caller;
import io.migrationgateway.resourceapi.auth.Role;
import io.migrationgateway.resourceapi.http.ApiTarget;
import io.migrationgateway.resourceapi.http.Attachments;
import io.migrationgateway.resourceapi.http.Verb;
import io.migrationgateway.resourceapi.status.StatusErrors;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import java.util.Optional;

/**
 * Checks the caller's role in the namespace a resource request acts in: any role reads, Editor and Admin write.
 * All-namespaces lists and watches are allowed to anyone with a role somewhere, and show only those namespaces
 * (the verbs filter). Discovery and OpenAPI need an authenticated caller only.
 */
final class AuthorizationHandler implements HttpHandler {
    private final HttpHandler next;

    AuthorizationHandler(HttpHandler next) {
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (exchange.getAttachment(Attachments.TARGET) instanceof ApiTarget.Resource target) {
            Caller caller = exchange.getAttachment(Attachments.CALLER);
            Verb verb = exchange.getAttachment(Attachments.VERB);
            if (target.namespace() == null) {
                if (caller.roles().isEmpty()) {
                    throw StatusErrors.forbidden(caller.name(), verb.apiName(), target.kind(), null, null);
                }
            } else {
                Optional<Role> role = caller.roleIn(target.namespace());
                if (role.isEmpty() || (verb.write() && !role.get().canWrite())) {
                    throw StatusErrors.forbidden(caller.name(), verb.apiName(), target.kind(), target.namespace(),
                            target.name());
                }
            }
        }
        next.handleRequest(exchange);
    }
}
