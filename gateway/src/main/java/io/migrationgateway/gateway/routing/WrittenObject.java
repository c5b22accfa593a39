package io.migrationgateway.gateway.routing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.translators.json.Json;
import java.util.Optional;

/**
 * Which object a successful legacy write touched, told from the route and the answer alone, so that it can be read
 * back and copied to the other store: the route's {@code uid} variable (updates, deletes), else the {@code uid} the
 * answer names (Grafana's creates and saves all answer it).
 */
final class WrittenObject {
    private WrittenObject() {
    }

    static Optional<String> name(RouteMatch match, JsonNode answer) {
        String uid = match.pathVariables().get("uid");
        if (uid != null) {
            return Optional.of(uid);
        }
        String answered = answer.path("uid").asText("");
        return answered.isEmpty() ? Optional.empty() : Optional.of(answered);
    }

    /**
     * The object a write request names before it is made: the path's uid, else the body's ({@code dashboard.uid} of a
     * dashboard save or import, {@code uid} of a folder); empty for a create that leaves the uid to the server.
     */
    static String requested(RouteMatch match, byte[] body) {
        String uid = match.pathVariables().get("uid");
        if (uid != null) {
            return uid;
        }
        JsonNode request = Json.parse(body).orElse(MissingNode.getInstance());
        String named = request.path("dashboard").path("uid").asText("");
        return named.isEmpty() ? request.path("uid").asText("") : named;
    }

    /**
     * Whether the write created the object: a POST whose answer has no version yet or version 1 (a dashboard save
     * that updated answers a higher one), for Grafana's rule that a create unified storage refuses is undone.
     */
    static boolean created(String method, JsonNode answer) {
        return method.equals("POST") && answer.path("version").asLong(1) == 1;
    }
}
