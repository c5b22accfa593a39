package io.migrationgateway.gateway.passthrough;

import io.undertow.util.HttpString;

/**
 * Whether the request chain would send a request to the legacy side as it came (no Resource API route, no translated
 * route of a resource in modes 1–5), so the fast lane may forward it itself. Asked for every request the lane reads,
 * so a flip of a migration flag applies to the next request, as it does in the chain.
 */
@FunctionalInterface
public interface PassThroughRule {
    boolean forwardsUnchanged(HttpString method, String rawPath);
}
