package io.migrationgateway.legacysim.auth;

/**
 * Who is calling and in which org, after authentication and org resolution.
 *
 * @param userId the user's (or service account's) id
 * @param login  the login Grafana writes into createdBy/updatedBy
 * @param orgId  the org this request acts in
 * @param role   the caller's role in that org
 */
public record Caller(long userId, String login, String email, String name, long orgId, Role role,
                     boolean serviceAccount, boolean grafanaAdmin) {

    public Caller inOrg(long otherOrgId, Role otherRole) {
        return new Caller(userId, login, email, name, otherOrgId, otherRole, serviceAccount, grafanaAdmin);
    }
}
