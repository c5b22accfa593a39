package io.migrationgateway.gateway.overlegacy;

import io.migrationgateway.storage.StorageException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The continue token of a list over the legacy side: the namespace the next page starts in, and where in it (the
 * translator's own token, or a legacy id), opaque to the client as the apiserver's are.
 */
record ListToken(String namespace, String inner) {
    private static final String VERSION = "l1";

    String encode() {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((VERSION + "\n" + namespace + "\n" + inner).getBytes(StandardCharsets.UTF_8));
    }

    /** The token, or {@code null} for a first page. */
    static ListToken decode(String token) {
        if (token == null || token.isEmpty()) {
            return null;
        }
        try {
            String[] parts = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8).split("\n", -1);
            if (parts.length == 3 && parts[0].equals(VERSION) && !parts[1].isEmpty()) {
                return new ListToken(parts[1], parts[2]);
            }
        } catch (IllegalArgumentException e) {
            // not base64: refused below
        }
        throw new StorageException(StorageException.Reason.BAD_REQUEST, null, "invalid continue token");
    }
}
