package io.migrationgateway.legacysim.permission;

import io.migrationgateway.legacysim.auth.Caller;
import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.error.GrafanaError;
import java.util.ArrayList;
import java.util.List;

/**
 * A dashboard's permission list as Grafana's guardian reads it ({@code GetACL}: the rows on the dashboard, on its
 * folder, and the defaults standing for whichever of the two has no grants, by row id), with the guardian's rules
 * ({@code pkg/services/guardian/guardian.go}, legacy implementation). The simulator has no teams, so a team's grant
 * never applies to a caller.
 */
record Acl(List<AclEntry> entries) {
    Acl {
        entries = List.copyOf(entries);
    }

    /** {@code CanAdmin}: an org Admin, or an Admin grant to the caller as a user or to the caller's org role. */
    boolean canAdmin(Caller caller) {
        if (caller.role() == Role.ADMIN) {
            return true;
        }
        return entries.stream().map(AclEntry::grant).anyMatch(grant -> grant.permission() >= Grant.ADMIN
                && (grant.userId() > 0 && grant.userId() == caller.userId() || caller.role().grafanaName().equals(grant.role())));
    }

    /**
     * {@code GetACLWithoutDuplicates}, what the dashboard list shows: every inherited entry first, then the dashboard's
     * own entries except those granting no more than an inherited entry already grants the same grantee.
     */
    List<AclEntry> withoutDuplicates() {
        List<AclEntry> inherited = entries.stream().filter(AclEntry::inherited).toList();
        List<AclEntry> shown = new ArrayList<>(inherited);
        for (AclEntry own : entries) {
            if (!own.inherited() && inherited.stream().noneMatch(entry -> covers(entry.grant(), own.grant()))) {
                shown.add(own);
            }
        }
        return shown;
    }

    /**
     * {@code CheckPermissionBeforeUpdate}'s refusals of a replacement list, each a 400: a grantee named twice, a grant to
     * the Admin role (which always has Admin), or a grant no higher than what the folder (or the defaults standing for
     * it) already grants the same grantee. Its last check, that a non-admin caller keeps Admin, looks at the current
     * list, which {@link #canAdmin} has already accepted.
     */
    void refuseUpdate(List<Grant> items) {
        Grant everyoneWithAdminRole = new Grant(0, 0, Role.ADMIN.grafanaName(), Grant.ADMIN);
        List<Grant> accepted = new ArrayList<>();
        for (Grant item : items) {
            if (item.sameGranteeAs(everyoneWithAdminRole) || accepted.stream().anyMatch(earlier -> earlier.sameGranteeAs(item))) {
                throw GrafanaError.badRequest("permission already exists");
            }
            accepted.add(item);
        }
        for (Grant item : items) {
            if (entries.stream().anyMatch(entry -> entry.inherited() && covers(entry.grant(), item))) {
                throw GrafanaError.badRequest("you can only override a permission to be higher");
            }
        }
    }

    /** Whether {@code inherited} already grants {@code grant}'s grantee at least as much. */
    private static boolean covers(Grant inherited, Grant grant) {
        return grant.sameGranteeAs(inherited) && grant.permission() <= inherited.permission();
    }
}
