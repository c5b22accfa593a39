package io.migrationgateway.flags;

import java.util.Objects;

/**
 * Who asks for a flip, and through which door, for the audit log.
 *
 * @param who the authenticated admin user
 * @param via {@code console}, {@code admin-api} or {@code cli}
 */
public record Actor(String who, String via) {
    public Actor {
        Objects.requireNonNull(who, "who");
        Objects.requireNonNull(via, "via");
    }
}
