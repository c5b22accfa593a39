package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.resourceapi.http.ApiTarget;
import io.migrationgateway.resourceapi.http.Codecs;
import io.migrationgateway.resourceapi.http.Encoding;
import io.migrationgateway.resourceapi.http.MediaType;
import io.migrationgateway.resourceapi.http.RequestBody;
import io.migrationgateway.resourceapi.status.StatusErrors;
import java.util.Locale;
import java.util.Objects;

/**
 * Request bodies as objects: received under the size cap ({@link RequestBody}), decoded as JSON or YAML by {@code Content-Type}, and held
 * to the request's identity (apiVersion, kind, namespace and, for writes to a named object, name).
 */
final class IncomingObject {
    private static final String OBJECT_TYPES = "application/json, application/yaml";

    private final Codecs codecs;

    IncomingObject(Codecs codecs) {
        this.codecs = Objects.requireNonNull(codecs, "codecs");
    }

    /** The body as received (413 when over the cap). */
    byte[] read(ResourceCall call) {
        return RequestBody.read(call.exchange());
    }

    /**
     * The body of a create or update. No {@code Content-Type} means JSON, as in the apiserver.
     *
     * @param strict refuse duplicate fields ({@code fieldValidation=Strict})
     */
    ObjectNode readObject(ResourceCall call, boolean strict) {
        MediaType type = RequestBody.contentType(call.exchange());
        Encoding encoding;
        if (type == null || type.essence().equals("application/json")) {
            encoding = Encoding.JSON;
        } else if (type.essence().equals("application/yaml")) {
            encoding = Encoding.YAML;
        } else {
            throw StatusErrors.unsupportedMediaType(OBJECT_TYPES);
        }
        return asObject(codecs.read(read(call), encoding, strict));
    }

    static ObjectNode asObject(JsonNode tree) {
        if (!(tree instanceof ObjectNode object)) {
            throw StatusErrors.badRequest("the request body must be a JSON object, not " + tree.getNodeType().name()
                    .toLowerCase(Locale.ROOT));
        }
        return object;
    }

    /**
     * Holds {@code object} to the request: a given apiVersion, kind or namespace must be the request's; then all
     * three are set to the request's. With {@code named}, a given name must be the one in the path, and is set to it.
     *
     * @throws io.migrationgateway.resourceapi.status.ApiException 400 on a mismatch, in the apiserver's words
     */
    static void identify(ObjectNode object, ApiTarget.Resource target, boolean named) {
        String apiVersion = object.path("apiVersion").asText("");
        if (!apiVersion.isEmpty() && !apiVersion.equals(target.apiVersion())) {
            throw StatusErrors.badRequest("the API version in the data (" + apiVersion
                    + ") does not match the expected API version (" + target.apiVersion() + ")");
        }
        String kind = object.path("kind").asText("");
        if (!kind.isEmpty() && !kind.equals(target.kind().kind())) {
            throw StatusErrors.badRequest("the kind in the data (" + kind + ") does not match the expected kind ("
                    + target.kind().kind() + ")");
        }
        JsonNode metadataNode = object.get("metadata");
        if (metadataNode != null && !metadataNode.isNull() && !metadataNode.isObject()) {
            throw StatusErrors.badRequest("metadata must be an object");
        }
        ObjectNode metadata = metadataNode instanceof ObjectNode m ? m : object.putObject("metadata");
        String namespace = metadata.path("namespace").asText("");
        if (!namespace.isEmpty() && !namespace.equals(target.namespace())) {
            throw StatusErrors.badRequest("the namespace of the provided object does not match the namespace sent on the request");
        }
        if (named) {
            String name = metadata.path("name").asText("");
            if (!name.isEmpty() && !name.equals(target.name())) {
                throw StatusErrors.badRequest("the name of the object (" + name
                        + ") does not match the name on the URL (" + target.name() + ")");
            }
            metadata.put("name", target.name());
        }
        object.put("apiVersion", target.apiVersion());
        object.put("kind", target.kind().kind());
        metadata.put("namespace", target.namespace());
    }
}
