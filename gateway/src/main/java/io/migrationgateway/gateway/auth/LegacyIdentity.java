package io.migrationgateway.gateway.auth;

import io.migrationgateway.resourceapi.auth.Caller;
import java.util.Objects;

/**
 * What the legacy backend says about one credential: the {@link Caller} (login and role per namespace) the
 * Resource API needs, plus what the legacy request path needs besides, the org the caller acts in when a request
 * names none and whether the credential is a service account's.
 *
 * @param caller         the login and the role in each namespace
 * @param currentOrgId   the caller's current org ({@code orgId} of {@code GET /api/user}); 0 when the legacy side did
 *                       not say
 * @param serviceAccount true for a {@code Bearer} credential: Grafana 9.3 takes bearer tokens from API keys and
 *                       service accounts only, and its answers differ for them ({@code canStar} is false)
 */
public record LegacyIdentity(Caller caller, long currentOrgId, boolean serviceAccount) {
    public LegacyIdentity {
        Objects.requireNonNull(caller, "caller");
    }

    public String login() {
        return caller.name();
    }
}
