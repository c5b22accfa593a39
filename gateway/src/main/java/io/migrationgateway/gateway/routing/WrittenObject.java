package io.migrationgateway.gateway.routing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.migrationgateway.translators.RouteMatch;
import io.migrationgateway.translators.Translator;
import io.migrationgateway.translators.json.Json;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Which object a successful legacy write touched, so that it can be read back and copied to the other store: the
 * route's {@code uid} variable (updates, deletes), else the {@code uid} the answer names (Grafana's creates and saves
 * all answer it); for a kind addressed by legacy id, the id of the path or of the create's answer, whose object the
 * caller finds by its id label ({@link io.migrationgateway.gateway.dualwrite.DualWriter#nameOf}).
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
     * Whether the write created the object, for Grafana's rule that a create unified storage refuses is undone: of a kind
     * addressed by legacy id, a POST whose path names no id (a POST under an object's id, such as a new token, changes
     * that object); otherwise a POST whose answer has no version yet or version 1 (a dashboard save that updated
     * answers a higher one).
     */
    static boolean created(RouteMatch match, String method, JsonNode answer) {
        Optional<String> idVariable = match.translator().legacyIdVariable();
        if (idVariable.isPresent()) {
            return method.equals("POST") && !match.pathVariables().containsKey(idVariable.get());
        }
        return method.equals("POST") && answer.path("version").asLong(1) == 1;
    }

    /** The legacy id in the path of a write of a kind addressed by legacy id ({@link Translator#legacyIdVariable}). */
    static OptionalLong pathLegacyId(RouteMatch match) {
        return match.translator().legacyIdVariable()
                .map(variable -> positive(match.pathVariables().get(variable)))
                .orElse(OptionalLong.empty());
    }

    /** The legacy id a successful write of a kind addressed by legacy id touched: its path's, else the create's answer's. */
    static OptionalLong legacyId(RouteMatch match, JsonNode answer) {
        if (match.translator().legacyIdVariable().isEmpty()) {
            return OptionalLong.empty();
        }
        OptionalLong inPath = pathLegacyId(match);
        return inPath.isPresent() ? inPath : positive(answer.path("id").asText(""));
    }

    private static OptionalLong positive(String text) {
        if (text == null) {
            return OptionalLong.empty();
        }
        try {
            long id = Long.parseLong(text);
            return id > 0 ? OptionalLong.of(id) : OptionalLong.empty();
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
