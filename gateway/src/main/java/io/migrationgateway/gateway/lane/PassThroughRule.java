package io.migrationgateway.gateway.lane;

/**
 * What the fast lane may do with a request it could relay: forward it as the request chain would (no Resource API
 * route, no translated route of a resource in modes 1–5, or a read the legacy side answers in modes 1–2, whose answer
 * may be copied for a shadow comparison), or hand it to the chain. Asked for every request the lane reads, so a flip of
 * a migration flag applies to the next request, as it does in the chain. Called on IO threads: it must not block.
 */
@FunctionalInterface
public interface PassThroughRule {
    Relay relay(LaneRequest request);
}
