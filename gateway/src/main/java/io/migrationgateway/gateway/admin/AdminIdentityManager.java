package io.migrationgateway.gateway.admin;

import io.undertow.security.idm.Account;
import io.undertow.security.idm.Credential;
import io.undertow.security.idm.IdentityManager;
import io.undertow.security.idm.PasswordCredential;
import java.security.Principal;
import java.util.Set;

/**
 * The Togglz console's servlet login: the admin user, with the console's admin role, so that Togglz's own
 * {@code ServletUserProvider} sees who is editing and lets them.
 */
final class AdminIdentityManager implements IdentityManager {
    private final AdminCredentials credentials;
    private final String role;

    AdminIdentityManager(AdminCredentials credentials, String role) {
        this.credentials = credentials;
        this.role = role;
    }

    @Override
    public Account verify(Account account) {
        return account;
    }

    @Override
    public Account verify(String id, Credential credential) {
        if (credential instanceof PasswordCredential password && credentials.matches(id, password.getPassword())) {
            return new AdminAccount(credentials.username(), role);
        }
        return null;
    }

    @Override
    public Account verify(Credential credential) {
        return null;
    }

    private record AdminAccount(String name, String role) implements Account, Principal {
        @Override
        public Principal getPrincipal() {
            return this;
        }

        @Override
        public Set<String> getRoles() {
            return Set.of(role);
        }

        @Override
        public String getName() {
            return name;
        }
    }
}
