package io.migrationgateway.resourceapi.auth;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An authenticated caller of the Resource API and its role per namespace (one namespace per legacy org).
 *
 * @param name  who, for logs and audit ({@code admin}, {@code sa:migration}); never a credential
 * @param roles namespace ({@code default}, {@code org-2}) → role; namespaces not listed are not accessible
 */
public record Caller(String name, Map<String, Role> roles) {
    public Caller {
        Objects.requireNonNull(name, "name");
        roles = Map.copyOf(roles);
    }

    public Optional<Role> roleIn(String namespace) {
        return Optional.ofNullable(roles.get(namespace));
    }
}
