package io.migrationgateway.legacysim.permission;

/**
 * Whom one permission row grants to and how much: a user ({@code userId} above 0), a team ({@code teamId} above 0)
 * or an org role ({@code role}, null otherwise), with a permission of 1 (View), 2 (Edit) or 4 (Admin). Grafana stores
 * other numbers as given, unnamed.
 */
record Grant(long userId, long teamId, String role, long permission) {
    static final int VIEW = 1;
    static final int EDIT = 2;
    static final int ADMIN = 4;

    /** Grafana's {@code PermissionType.String()}: the name of 1, 2 or 4, empty for any other number. */
    String permissionName() {
        if (permission == VIEW) {
            return "View";
        }
        if (permission == EDIT) {
            return "Edit";
        }
        return permission == ADMIN ? "Admin" : "";
    }

    /**
     * Grafana's {@code IsDuplicateOf}: the same user, the same team, or (for a grant to neither) the same role. Each
     * side counts only what it grants to, so a user's grant and a team's are never duplicates even with equal ids.
     */
    boolean sameGranteeAs(Grant other) {
        boolean sameRole = role != null && other.role != null && userId <= 0 && teamId <= 0
                && userId == other.userId && teamId == other.teamId && role.equals(other.role);
        return sameRole || userId > 0 && userId == other.userId || teamId > 0 && teamId == other.teamId;
    }

    /** What Grafana's store refuses (for want of a grantee) when a grant names no user, no team and no role. */
    boolean grantsToNobody() {
        return userId == 0 && teamId == 0 && role == null;
    }
}
