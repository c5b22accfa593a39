package io.migrationgateway.gateway.routing;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.gateway.auth.LegacyAccess;
import io.migrationgateway.gateway.auth.LegacyIdentity;
import io.migrationgateway.gateway.lane.AnswerCopy;
import io.migrationgateway.gateway.lane.LaneRequest;
import io.migrationgateway.gateway.lane.Relay;
import io.migrationgateway.gateway.shadow.SkipCounter;
import io.migrationgateway.gateway.migration.ModeDecisions;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.translators.TranslatorRegistry.UntranslatedMatch;
import io.undertow.util.Methods;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@link ModeRoute}'s decision for the public port's fast lane, from the request head alone: what the chain would
 * forward as it came (no translated route, or a resource in mode 0 in the request's namespace) is relayed as it is, and
 * so is a read of a resource in mode 1 or 2, whose answer the legacy side gives, with a copy of the answer for the
 * shadow comparison when the read is sampled and its comparison would not be skipped ({@link LegacyFirst} does the same
 * in the chain). Everything else (writes of a resource in modes 1–5, a service account's writes in any mode, reads in modes 3–5, a query the chain would have to
 * decode, a caller the legacy side does not know) goes to the chain.
 *
 * <p>Why: at 100 % sampling, a comparison is made for a few reads in a hundred (the CPU budget skips the rest), and the
 * chain's proxy spent twice the lane's CPU on each of the others. Thread-safe; never blocks (the caller's identity, when
 * not cached, is waited for with {@link Relay.Later}).
 */
final class LaneRoute {
    private final RouteFinder routes;
    private final ModeDecisions modes;
    private final LegacyAccess access;
    private final ShadowReads shadow;
    private final int captureCap;
    private final ModeTraffic traffic;

    LaneRoute(RouteFinder routes, ModeDecisions modes, LegacyAccess access, ShadowReads shadow, int captureCap, ModeTraffic traffic) {
        this.traffic = traffic;
        this.routes = routes;
        this.modes = modes;
        this.access = access;
        this.shadow = shadow;
        this.captureCap = captureCap;
    }

    /** The decision; a request the lane relays itself is counted here, one it hands off by the chain. */
    Relay relay(LaneRequest request) {
        RouteFinder.Found found = routes.find(request.method().toString(), request.rawPath());
        Relay relay = decide(request, found);
        if (relay instanceof Relay.AsIs || relay instanceof Relay.Copying) {
            routes.count(found);
        }
        return relay;
    }

    private Relay decide(LaneRequest request, RouteFinder.Found found) {
        String method = request.method().toString();
        String rawPath = request.rawPath();
        if (routes.changesIdentities(found)) {
            return Relay.HAND_OFF; // the chain forgets the gateway's cached identities once it is answered
        }
        Optional<RouteMatch> match = routes.routeOf(found);
        if (match.isEmpty()) {
            // a lookalike of a migrated resource's route is refused, and its untranslated operations decided, by the
            // chain
            if (routes.lookalikeOf(method, rawPath).isPresent()) {
                return Relay.HAND_OFF;
            }
            Optional<UntranslatedMatch> untranslated = routes.untranslatedOf(found);
            if (untranslated.isPresent() && routes.migrating(untranslated.get().match().resource())) {
                return Relay.HAND_OFF;
            }
            return Relay.AS_IS;
        }
        String rawQuery = request.rawQuery();
        if (!request.method().equals(Methods.GET) || (rawQuery != null && (rawQuery.indexOf('%') >= 0 || rawQuery.indexOf('+') >= 0))) {
            return Relay.HAND_OFF; // a write is dual-written; a query with escapes is decoded, by the chain
        }
        if (OrgContext.targetOrgIdCount(rawQuery) > 1 || request.fieldCount("x-grafana-org-id") > 1) {
            return Relay.HAND_OFF; // an org named more than once: the chain compares the values
        }
        long orgId;
        Optional<LegacyIdentity> caller;
        switch (OrgContext.named(OrgContext.targetOrgIdIn(rawQuery), request.field("x-grafana-org-id"))) {
            case OrgContext.Named.Org org -> {
                orgId = org.id();
                caller = Optional.empty();
            }
            case OrgContext.Named.Unclear unclear -> {
                return Relay.HAND_OFF; // refused by the chain
            }
            case OrgContext.Named.None none -> {
                CompletableFuture<LegacyIdentity> identity = access.identify(request.field("authorization"));
                if (!identity.isDone()) {
                    return new Relay.Later(identity);
                }
                if (identity.isCompletedExceptionally()) {
                    return Relay.HAND_OFF; // the chain answers as the legacy side would: 401, or 503 when it cannot tell
                }
                caller = Optional.of(identity.join());
                orgId = OrgContext.current(caller.get());
            }
        }
        RouteMatch route = match.get();
        ModeDecisions.Decision decision = modes.forOrg(route.resource(), orgId);
        Relay relay = switch (decision.serving()) {
            case PASS_THROUGH -> Relay.AS_IS;
            case LEGACY_FIRST -> legacyRead(route, decision.namespace(), orgId, rawPath, rawQuery, request.field("authorization"), caller,
                    decision.mode());
            default -> Relay.HAND_OFF;
        };
        if (relay != Relay.HAND_OFF) {
            traffic.served(route.resource(), decision.mode()); // a request handed off is counted by the chain
        }
        return relay;
    }

    private Relay legacyRead(RouteMatch route, String namespace, long orgId, String rawPath, String rawQuery, String authorization,
                             Optional<LegacyIdentity> caller, Mode mode) {
        if (!shadow.sampled(route, rawQuery)) {
            return Relay.AS_IS;
        }
        ShadowReads.Read read = new ShadowReads.Read(route, namespace, orgId, rawQuery == null ? rawPath : rawPath + "?" + rawQuery,
                rawQuery, authorization == null ? "" : authorization, caller);
        if (!shadow.copyAnswer(read)) {
            return Relay.AS_IS;
        }
        return new Relay.Copying(captureCap, new ComparedRead(shadow, read, mode));
    }

    /** The copy of a sampled read's answer, on its way to the comparison. */
    private record ComparedRead(ShadowReads shadow, ShadowReads.Read read, Mode mode) implements AnswerCopy {
        @Override
        public void answered(int status, String contentEncoding, byte[] body, long nanos) {
            shadow.legacyCopied(read, mode, status, contentEncoding, body, nanos / 1e9);
        }

        @Override
        public void incomplete() {
            shadow.skip(read, SkipCounter.ANSWER_INCOMPLETE);
        }
    }
}
