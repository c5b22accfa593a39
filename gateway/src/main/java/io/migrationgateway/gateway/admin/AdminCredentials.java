package io.migrationgateway.gateway.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;

/**
 * The admin user and password, checked in constant time by every door of the admin port (its own HTTP Basic
 * check and the Togglz console's servlet login). Neither the expected nor a presented password is ever printed.
 */
final class AdminCredentials {
    private final String username;
    private final byte[] expected;

    AdminCredentials(String username, String password) {
        this.username = username;
        this.expected = (username + ":" + password).getBytes(StandardCharsets.UTF_8);
    }

    String username() {
        return username;
    }

    /** True for an {@code Authorization: Basic ...} header carrying these credentials. */
    boolean matchBasicHeader(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return false;
        }
        try {
            return MessageDigest.isEqual(expected, Base64.getDecoder().decode(authorization.substring(6).strip()));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    boolean matches(String user, char[] password) {
        return MessageDigest.isEqual(expected, (user + ":" + new String(password)).getBytes(StandardCharsets.UTF_8));
    }
}
