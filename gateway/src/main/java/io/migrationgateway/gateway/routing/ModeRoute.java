package io.migrationgateway.gateway.routing;

import io.migrationgateway.gateway.auth.LegacyAccess;
import io.migrationgateway.gateway.auth.LegacyIdentity;
import io.migrationgateway.gateway.http.ErrorBoundaryHandler;
import io.migrationgateway.gateway.http.LegacyErrorBody;
import io.migrationgateway.gateway.http.RequestIdHandler;
import io.migrationgateway.gateway.http.RouteClass;
import io.migrationgateway.resourceapi.auth.Access;
import io.migrationgateway.gateway.migration.ModeDecisions;
import io.migrationgateway.gateway.migration.Serving;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.translators.TranslatorRegistry.UntranslatedMatch;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.SameThreadExecutor;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chain step that serves a legacy request as its resource's migration mode says ({@link ModeDecisions}).
 *
 * <ol>
 *   <li>A path no translated route starts like ({@link RoutePrefilter}), no resource in mode 4 or 5 anywhere, no
 *       translator owning the method and path, or no namespace of that resource in mode 4 or 5: on to the legacy side
 *       unchanged, after a prefix check, a few cache lookups and, at most, the route match (no database, no call);
 *       but a path written like a route of a resource past mode 0 with repeated slashes or path parameters, which
 *       legacy routers read differently, is refused with 400 ({@link RouteFinder#lookalikeOf}).</li>
 *   <li>Otherwise the org context names the namespace ({@link OrgContext}); the caller's current org, when the request
 *       names none, is asked of the legacy side without blocking the IO thread; an org named in a way the legacy side
 *       might read otherwise (padded, non-ASCII digits, given twice differently) is refused with 400.</li>
 *   <li>Modes 1 and 2: {@link LegacyFirst} (the legacy side answers; sampled reads are compared with unified storage,
 *       writes copied to it); mode 3: {@link TranslatedAnswer} with {@link UnifiedFirst}'s afterwards (unified storage
 *       answers; sampled reads are compared with the legacy side, writes copied to it); mode 4: {@link TranslatedAnswer};
 *       mode 5: {@link RetiredAnswer}; mode 0: on to the legacy side.</li>
 * </ol>
 */
final class ModeRoute implements HttpHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ModeRoute.class);
    static final String LOOKALIKE = "Bad request: a migrated resource's path must be sent without repeated slashes or path "
            + "parameters (;)";

    private final RouteFinder routes;
    private final ModeDecisions modes;
    private final LegacyAccess access;
    private final TranslatedAnswer translated;
    private final LegacyFirst legacyFirst;
    private final UnifiedFirst unifiedFirst;
    private final RetiredAnswer retired;
    private final HttpHandler legacy;
    private final Runnable identitiesChanged;
    private final ModeTraffic traffic;

    ModeRoute(RouteFinder routes, ModeDecisions modes, LegacyAccess access,
              TranslatedAnswer translated, LegacyFirst legacyFirst, UnifiedFirst unifiedFirst, RetiredAnswer retired,
              HttpHandler legacy, ModeTraffic traffic, Runnable identitiesChanged) {
        this.traffic = traffic;
        this.identitiesChanged = identitiesChanged;
        this.routes = routes;
        this.modes = modes;
        this.access = access;
        this.translated = translated;
        this.legacyFirst = legacyFirst;
        this.unifiedFirst = unifiedFirst;
        this.retired = retired;
        this.legacy = legacy;
    }

    /** What to do once the caller is known. */
    @FunctionalInterface
    private interface Identified {
        void proceed(HttpServerExchange exchange, LegacyIdentity caller) throws Exception;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        String method = exchange.getRequestMethod().toString();
        String path = rawPath(exchange);
        RouteFinder.Found found = routes.find(method, path);
        routes.count(found);
        if (routes.changesIdentities(found)) {
            // a token made or revoked counts at once for the gateway's own identity checks, in every mode and whichever
            // side took it: the answer is committed once that side has
            exchange.addResponseCommitListener(committed -> identitiesChanged.run());
        }
        Optional<RouteMatch> match = routes.routeOf(found);
        if (match.isEmpty()) {
            Optional<UntranslatedMatch> untranslated = routes.untranslatedOf(found);
            if (untranslated.isPresent() && routes.migrating(untranslated.get().match().resource())) {
                inOrg(exchange, (named, orgId, caller) -> untranslated(named, untranslated.get(), orgId));
            } else if (routes.lookalikeOf(method, path).isPresent()) {
                exchange.putAttachment(RouteClass.ATTACHMENT, RouteClass.TRANSLATED);
                LegacyErrorBody.send(exchange, 400, LOOKALIKE);
            } else {
                legacy.handleRequest(exchange);
            }
            return;
        }
        RouteMatch route = match.get();
        inOrg(exchange, (named, orgId, caller) -> byMode(named, route, orgId, caller));
    }

    /** What to do once the org is known; the caller too, when finding the org took asking who it is. */
    @FunctionalInterface
    private interface InOrg {
        void proceed(HttpServerExchange exchange, long orgId, Optional<LegacyIdentity> caller) throws Exception;
    }

    /** Runs {@code then} in the org the request names, else the caller's current org; refuses an unclear one. */
    private void inOrg(HttpServerExchange exchange, InOrg then) throws Exception {
        switch (OrgContext.named(exchange)) {
            case OrgContext.Named.Org org -> then.proceed(exchange, org.id(), Optional.empty());
            case OrgContext.Named.None none -> whenIdentified(exchange,
                    (identified, caller) -> then.proceed(identified, OrgContext.current(caller), Optional.of(caller)));
            case OrgContext.Named.Unclear unclear -> {
                exchange.putAttachment(RouteClass.ATTACHMENT, RouteClass.TRANSLATED);
                LegacyErrorBody.send(exchange, 400, unclear.message());
            }
        }
    }

    /**
     * An operation of the resource that is not translated: the legacy side answers while it is kept current (modes
     * 0–3); in mode 4 its copy is stale, so the call is refused, and in mode 5 the legacy API is gone.
     */
    private void untranslated(HttpServerExchange exchange, UntranslatedMatch operation, long orgId) throws Exception {
        ModeDecisions.Decision decision = modes.forOrg(operation.match().resource(), orgId);
        switch (decision.serving()) {
            case UNIFIED_ONLY -> {
                exchange.putAttachment(RouteClass.ATTACHMENT, RouteClass.TRANSLATED);
                LegacyErrorBody.send(exchange, 501, exchange.getRequestMethod() + " " + operation.match().route().template()
                        + " is not served while " + operation.match().translator().kind().plural() + " are in mode "
                        + decision.mode() + " in " + decision.namespace() + ": " + operation.operation().reason());
            }
            case RETIRED -> {
                exchange.putAttachment(RouteClass.ATTACHMENT, RouteClass.TRANSLATED);
                retired.send(exchange, operation.match(), decision.namespace());
            }
            default -> legacy.handleRequest(exchange);
        }
    }

    private void byMode(HttpServerExchange exchange, RouteMatch route, long orgId, Optional<LegacyIdentity> caller) throws Exception {
        ModeDecisions.Decision decision = modes.forOrg(route.resource(), orgId);
        traffic.served(route.resource(), decision.mode());
        String namespace = decision.namespace();
        switch (decision.serving()) {
            case LEGACY_FIRST -> legacyFirst.serve(exchange, route, orgId, namespace, caller, decision.mode());
            case UNIFIED_FIRST, UNIFIED_ONLY -> {
                exchange.putAttachment(RouteClass.ATTACHMENT, RouteClass.TRANSLATED);
                Identified serve = (identified, known) -> translated.serve(identified, route, orgId, namespace, known,
                        decision.serving() == Serving.UNIFIED_FIRST ? unifiedFirst.afterwards(identified, route, orgId, namespace, known)
                                : TranslatedAnswer.Afterwards.NOTHING);
                if (caller.isPresent()) {
                    serve.proceed(exchange, caller.get());
                } else {
                    whenIdentified(exchange, serve);
                }
            }
            case RETIRED -> {
                exchange.putAttachment(RouteClass.ATTACHMENT, RouteClass.TRANSLATED);
                retired.send(exchange, route, namespace);
            }
            case PASS_THROUGH -> legacy.handleRequest(exchange);
        }
    }

    /**
     * Runs {@code then} with the caller: at once when its identity is cached, else back on the IO thread once the
     * legacy side has answered (the exchange is dispatched meanwhile, so the IO thread serves other connections).
     */
    private void whenIdentified(HttpServerExchange exchange, Identified then) throws Exception {
        CompletableFuture<LegacyIdentity> caller = access.identify(exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION));
        if (caller.isDone()) {
            proceed(exchange, caller, then);
            return;
        }
        exchange.dispatch(SameThreadExecutor.INSTANCE, () -> caller.whenComplete((identity, failure) -> exchange.dispatch(
                exchange.getIoThread(), new ErrorBoundaryHandler(resumed -> proceed(resumed, caller, then)))));
    }

    private void proceed(HttpServerExchange exchange, CompletableFuture<LegacyIdentity> caller, Identified then) throws Exception {
        LegacyIdentity identity;
        try {
            identity = caller.join();
        } catch (CompletionException e) {
            if (exchange.getAttachment(RouteClass.ATTACHMENT) == null) {
                exchange.putAttachment(RouteClass.ATTACHMENT, RouteClass.GATEWAY); // refused before any mode applied
            }
            if (e.getCause() instanceof Access.Unauthenticated) {
                // in the legacy side's words when it refused these credentials ("Invalid username or password", ...)
                LegacyResponseWriter.write(exchange, access.refusal(exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION)));
            } else {
                LOG.warn("request {}: cannot tell who the caller is: {}", exchange.getAttachment(RequestIdHandler.ATTACHMENT),
                        e.getCause().getMessage());
                LegacyErrorBody.send(exchange, 503, "The legacy backend cannot say who the caller is; try again later");
            }
            return;
        }
        then.proceed(exchange, identity);
    }

    /** The path as sent, percent-encoded; an absolute-form request target ({@code GET http://host/path}) loses its host. */
    static String rawPath(HttpServerExchange exchange) {
        String uri = exchange.getRequestURI();
        if (!exchange.isHostIncludedInRequestURI()) {
            return uri;
        }
        int path = uri.indexOf('/', uri.indexOf("//") + 2);
        return path < 0 ? "/" : uri.substring(path);
    }
}
