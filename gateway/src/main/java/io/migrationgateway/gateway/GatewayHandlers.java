package io.migrationgateway.gateway;

import io.migrationgateway.gateway.config.GatewayConfig;
import io.migrationgateway.gateway.http.AccessLogHandler;
import io.migrationgateway.gateway.http.ChunkedBodyPrefetchHandler;
import io.migrationgateway.gateway.http.ErrorBoundaryHandler;
import io.migrationgateway.gateway.http.ForwardedHeadersHandler;
import io.migrationgateway.gateway.http.ForwardedHostHandler;
import io.migrationgateway.gateway.http.HopByHopHeadersHandler;
import io.migrationgateway.gateway.http.RequestGuardHandler;
import io.migrationgateway.gateway.http.RequestIdHandler;
import io.migrationgateway.gateway.http.ResourceApiRoute;
import io.migrationgateway.gateway.metrics.GatewayMetrics;
import io.migrationgateway.gateway.lane.PassThroughRule;
import io.migrationgateway.gateway.lane.Relay;
import io.migrationgateway.gateway.routing.ModeRouting;
import io.migrationgateway.gateway.upstream.LegacyUpstream;
import io.migrationgateway.resourceapi.ResourceApiHandler;
import io.undertow.server.HttpHandler;
import java.util.Optional;

/**
 * The public port's request chain, listed once in the order a request goes through it. On plain http, requests this
 * chain would forward unchanged are relayed by the fast lane ({@code passthrough.FastLane}) before any of it runs, with
 * the same effects; the first other request of a connection brings the connection here.
 *
 * <ol>
 *   <li>{@link RequestIdHandler}: keep or make the request id;</li>
 *   <li>{@link ErrorBoundaryHandler}: no exception escapes as a stack trace;</li>
 *   <li>{@link AccessLogHandler} (when {@code log.access}) and the metrics step: observe the outcome;</li>
 *   <li>{@link RequestGuardHandler}: refuse ambiguous framing and tunnelling methods;</li>
 *   <li>{@link ChunkedBodyPrefetchHandler}: refuse malformed chunked bodies before anyone reads them, whoever would
 *       (the legacy side, a dual-write, the Resource API);</li>
 *   <li>{@link ForwardedHeadersHandler}: an untrusted caller's {@code X-Forwarded-*} claims give way to the gateway's;</li>
 *   <li>{@link ResourceApiRoute}: {@code /apis} and Kubernetes discovery to the gateway's own Resource API
 *       (when enabled), everything else on:</li>
 *   <li>{@link ModeRouting}'s step: a legacy route of a resource in modes 1–3 shadow-compared and dual-written, in
 *       mode 4 answered from unified storage, in mode 5 answered 410 Gone; everything else (mode 0, routes no translator
 *       owns) on to the legacy side:</li>
 *   <li>{@link HopByHopHeadersHandler}: strip connection-scoped headers both ways;</li>
 *   <li>{@link ForwardedHostHandler}: tell the upstream which host the client asked for;</li>
 *   <li>the legacy upstream: circuit breaker, then Undertow's proxy.</li>
 * </ol>
 */
public final class GatewayHandlers {
    /** Pooled buffers (16 KiB each by default) a chunked body may fill before it streams on. */
    private static final int PREFETCH_BUFFERS = 4;

    private GatewayHandlers() {
    }

    /**
     * @param resourceApi the Resource API's handler, or empty when {@code resource-api.enabled} is false
     * @param byMode      the legacy routes of resources in modes 1–5
     */
    public static HttpHandler build(GatewayConfig config, LegacyUpstream legacy, GatewayMetrics metrics,
                                    Optional<HttpHandler> resourceApi, ModeRouting byMode) {
        HttpHandler forward = new HopByHopHeadersHandler(new ForwardedHostHandler(legacy.forwardingHandler()));
        HttpHandler toLegacy = byMode.before(forward);
        HttpHandler routes = resourceApi.<HttpHandler>map(api -> new ResourceApiRoute(api, toLegacy)).orElse(toLegacy);
        HttpHandler guarded = new RequestGuardHandler(config.server().effectiveMaxRequestBody(), new ChunkedBodyPrefetchHandler(
                PREFETCH_BUFFERS, new ForwardedHeadersHandler(config.server().trustedPeers(), routes)));
        HttpHandler observed = metrics.requestMetricsHandler(guarded);
        if (config.log().access()) {
            observed = new AccessLogHandler(observed);
        }
        return new RequestIdHandler(new ErrorBoundaryHandler(observed));
    }

    /**
     * Which requests the fast lane may serve as {@link #build}'s chain would: no {@link ResourceApiRoute} path (an
     * encoded path may decode to one, so any {@code %} counts while the Resource API is on), then as the mode step
     * says ({@link ModeRouting#laneRule}).
     */
    public static PassThroughRule passThroughRule(Optional<HttpHandler> resourceApi, ModeRouting byMode) {
        boolean apis = resourceApi.isPresent();
        PassThroughRule byModes = byMode.laneRule();
        return request -> {
            String rawPath = request.rawPath();
            return apis && (rawPath.indexOf('%') >= 0 || ResourceApiHandler.owns(rawPath)) ? Relay.HAND_OFF : byModes.relay(request);
        };
    }
}
