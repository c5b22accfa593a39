package io.migrationgateway.legacysim.permission;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.migrationgateway.legacysim.db.SqlTime;
import io.migrationgateway.legacysim.naming.Names;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Grafana 9.3's {@code DashboardACLInfoDTO}, one entry of a permission list, in its declared field order.
 * {@code uid}, {@code title}, {@code slug}, {@code isFolder} and {@code url} describe the dashboard (or folder) whose
 * list it is, whichever row the entry comes from.
 *
 * @param dashboardId the entry row's {@code dashboard_id} (-1 for a default row) on the dashboard routes, left out on
 *                    the folder routes
 * @param folderId    the folder's id on the folder routes, left out on the dashboard routes
 * @param role        left out for a grant to a user or a team
 */
public record AclInfoDto(@JsonInclude(JsonInclude.Include.NON_DEFAULT) long dashboardId,
                         @JsonInclude(JsonInclude.Include.NON_DEFAULT) long folderId, String created, String updated,
                         long userId, String userLogin, String userEmail, String userAvatarUrl, long teamId, String teamEmail,
                         String teamAvatarUrl, String team, @JsonInclude(JsonInclude.Include.NON_NULL) String role,
                         long permission, String permissionName, String uid, String title, String slug, boolean isFolder,
                         String url, boolean inherited) {

    /** The entry as the dashboard routes answer it. */
    static AclInfoDto onDashboard(AclEntry entry, AclTarget target) {
        return of(entry, target, entry.dashboardId(), 0);
    }

    /** The entry as the folder routes answer it: the folder's id in place of the row's. */
    static AclInfoDto onFolder(AclEntry entry, AclTarget folder) {
        return of(entry, folder, 0, folder.id());
    }

    /** The simulator has no teams: a team's name and email are empty, as Grafana's join finds them for a missing team. */
    private static AclInfoDto of(AclEntry entry, AclTarget target, long dashboardId, long folderId) {
        Grant grant = entry.grant();
        String url = target.slug().isEmpty() ? ""
                : target.isFolder() ? Names.folderUrl(target.uid(), target.slug()) : Names.dashboardUrl(target.uid(), target.slug());
        return new AclInfoDto(dashboardId, folderId, SqlTime.json(entry.created()), SqlTime.json(entry.updated()), grant.userId(),
                entry.userLogin(), entry.userEmail(), avatarUrl(entry.userEmail()), grant.teamId(), "",
                grant.teamId() > 0 ? avatarUrl("@localhost") : "", "", grant.role(), grant.permission(), grant.permissionName(),
                target.uid(), target.title(), target.slug(), target.isFolder(), url, entry.inherited());
    }

    /**
     * Grafana's {@code GetGravatarUrl}: {@code /avatar/} and the MD5 of the lower-cased text, nothing for no text. A team
     * without email is hashed as its name stripped to letters and digits, with {@code @localhost} appended.
     */
    private static String avatarUrl(String text) {
        if (text.isEmpty()) {
            return "";
        }
        try {
            byte[] hash = MessageDigest.getInstance("MD5").digest(text.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8));
            return "/avatar/" + HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
    }
}
