package io.migrationgateway.gateway.routing;

import io.migrationgateway.gateway.migration.ModeDecisions;
import io.migrationgateway.gateway.migration.OperationCalls;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.translators.TranslatorRegistry;
import io.migrationgateway.translators.TranslatorRegistry.UntranslatedMatch;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import java.util.Optional;

/**
 * The first question about a legacy request: is it an operation of a resource, and one that some namespace has moved
 * past mode 0? Most traffic is not, and learns it from a prefix check ({@link RoutePrefilter}); a request under a
 * resource's routes is matched once, counted, and its mode looked up in a few cache lookups ({@link ModeDecisions}). Asked by the request chain ({@link ModeRoute}) and, without an
 * exchange, by the public port's fast lane.
 */
final class RouteFinder {
    private final TranslatorRegistry translators;
    private final RoutePrefilter prefilter;
    private final ModeDecisions modes;
    private final OperationCalls calls;

    RouteFinder(TranslatorRegistry translators, ModeDecisions modes, OperationCalls calls) {
        this.calls = calls;
        this.translators = translators;
        this.prefilter = new RoutePrefilter(translators);
        this.modes = modes;
    }

    /**
     * The operation of a resource's legacy surface a request is to, matched once: a translated route, else an
     * untranslated operation, else none (most traffic, learnt from a prefix check).
     */
    record Found(Optional<RouteMatch> route, Optional<UntranslatedMatch> untranslated) {
        static final Found NONE = new Found(Optional.empty(), Optional.empty());
    }

    Found find(String method, String rawPath) {
        if (!prefilter.mayMatch(rawPath)) {
            return Found.NONE;
        }
        Optional<RouteMatch> route = translators.match(method, rawPath);
        return new Found(route, route.isPresent() ? Optional.empty() : translators.untranslated(method, rawPath));
    }

    /**
     * Whether the request writes what the legacy side authenticates callers with (a service account's tokens), in any
     * mode: the gateway's cached identities are forgotten once it is answered, so the lane hands it to the chain.
     */
    boolean changesIdentities(Found found) {
        return found.route().filter(match -> !match.route().reads() && match.translator().legacySideReadsIt()).isPresent();
    }

    /** The route, when the request is one the modes apply to; empty when it goes to the legacy side as it came. */
    Optional<RouteMatch> routeOf(Found found) {
        return found.route().filter(match -> modes.anyResource() && modes.anyNamespace(match.resource()));
    }

    /**
     * The untranslated operation the request is to, when it is one the mode decides
     * ({@link UntranslatedOperation.Handling#NOT_SERVED_WHEN_MIGRATED}); empty for everything else.
     */
    Optional<UntranslatedMatch> untranslatedOf(Found found) {
        return found.untranslated()
                .filter(operation -> operation.operation().handling() == UntranslatedOperation.Handling.NOT_SERVED_WHEN_MIGRATED);
    }

    /**
     * Counts a call to the operation the request is to, translated or not; called once per request, by whichever serves
     * it (the lane, or the chain it hands the request to).
     */
    void count(Found found) {
        found.route().ifPresentOrElse(route -> calls.count(route.resource(), route.route().id()),
                () -> found.untranslated().ifPresent(operation ->
                        calls.count(operation.match().resource(), operation.match().route().id())));
    }

    /** Whether {@code resource} is past mode 0 in some namespace, so that its mode decides its requests. */
    boolean migrating(String resource) {
        return modes.anyResource() && modes.anyNamespace(resource);
    }

    /**
     * The route a request that {@link #routeOf} leaves to the legacy side is written like (repeated slashes, path
     * parameters), when that route's resource is past mode 0 somewhere: the legacy side might run that operation on
     * the resource, so such a request is refused instead of passed on.
     */
    Optional<RouteMatch> lookalikeOf(String method, String rawPath) {
        if (!prefilter.mayMatch(rawPath) || !modes.anyResource()) {
            return Optional.empty();
        }
        Optional<RouteMatch> lookalike = translators.lookalike(method, rawPath);
        if (lookalike.isEmpty() || !modes.anyNamespace(lookalike.get().resource())) {
            return Optional.empty();
        }
        return lookalike;
    }
}
