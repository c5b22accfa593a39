package io.migrationgateway.translators.legacy;

import java.util.Objects;

/**
 * Who sends a legacy request, as the legacy backend knows the caller ({@code GET /api/user}).
 *
 * @param login          the user's login: legacy bodies show it in {@code createdBy}/{@code updatedBy}, and
 *                       {@link io.migrationgateway.translators.UserIdentities} turns it into the identity the
 *                       resource annotations record
 * @param role           the caller's role in the org the request acts in
 * @param serviceAccount a service account (which cannot star dashboards: {@code canStar} false)
 */
public record Caller(String login, OrgRole role, boolean serviceAccount) {
    public Caller {
        Objects.requireNonNull(login, "login");
        Objects.requireNonNull(role, "role");
    }
}
