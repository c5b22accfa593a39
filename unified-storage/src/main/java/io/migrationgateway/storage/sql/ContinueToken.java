package io.migrationgateway.storage.sql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.StorageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Where a paged list stopped: the resource version every page is served at and the last key returned.
 * Opaque to clients (base64url of a small JSON document), as Kubernetes' continue tokens are.
 */
record ContinueToken(long resourceVersion, String namespace, String name) {
    private static final ObjectMapper JSON = new ObjectMapper();

    String encode() {
        ObjectNode node = JSON.createObjectNode().put("rv", resourceVersion).put("namespace", namespace).put("name", name);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(node.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** @throws StorageException BAD_REQUEST for anything this class did not encode */
    static ContinueToken decode(String token) {
        try {
            JsonNode node = JSON.readTree(Base64.getUrlDecoder().decode(token));
            JsonNode rv = node.path("rv");
            JsonNode namespace = node.path("namespace");
            JsonNode name = node.path("name");
            if (!rv.canConvertToExactIntegral() || rv.asLong() < 0 || !namespace.isTextual() || !name.isTextual()) {
                throw invalid("missing or malformed fields");
            }
            return new ContinueToken(rv.asLong(), namespace.asText(), name.asText());
        } catch (IllegalArgumentException | IOException e) {
            throw invalid(e.getMessage());
        }
    }

    private static StorageException invalid(String detail) {
        return new StorageException(StorageException.Reason.BAD_REQUEST, null, "continue key is not valid: " + detail);
    }
}
