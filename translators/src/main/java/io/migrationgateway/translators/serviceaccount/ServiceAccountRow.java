package io.migrationgateway.translators.serviceaccount;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One service account of Grafana's legacy tables: its {@code user} row ({@code is_service_account}), the role of its
 * {@code org_user} row, and its {@code api_key} rows, of which only the key's hash is read, never a secret (there is
 * none in the tables).
 *
 * @param login    {@code user.login} ({@code sa-<slug>}), the object's name
 * @param name     {@code user.name}, the display name
 * @param role     {@code org_user.role}: Viewer, Editor or Admin
 * @param disabled {@code user.is_disabled}
 * @param tokens   its {@code api_key} rows by id
 */
public record ServiceAccountRow(long id, long orgId, String login, String name, String role, boolean disabled,
                                Instant created, Instant updated, List<Token> tokens) {
    /**
     * An {@code api_key} row of the account.
     *
     * @param hash    {@code api_key.key}: Grafana's PBKDF2 of the token's secret, as the legacy side stores it
     * @param expires {@code api_key.expires}, epoch seconds; 0 when the token never expires
     * @param revoked {@code api_key.is_revoked}
     */
    public record Token(long id, String name, String hash, long expires, Instant created, boolean revoked) {
        public Token {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(hash, "hash");
            Objects.requireNonNull(created, "created");
        }
    }

    public ServiceAccountRow {
        Objects.requireNonNull(login, "login");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(updated, "updated");
        tokens = List.copyOf(tokens);
    }
}
