package io.migrationgateway.legacysim.permission;

import com.fasterxml.jackson.databind.JsonNode;
import io.migrationgateway.legacysim.auth.Role;
import io.migrationgateway.legacysim.error.GrafanaError;
import java.util.ArrayList;
import java.util.List;

/**
 * The body of a permission update, Grafana's {@code UpdateDashboardACLCommand}
 * {@code {"items": [{"userId", "teamId", "role", "permission"}]}}, read as Go's binding reads it: absent or null values
 * are zero, a value of another JSON type is "bad request data", and so is a role other than Viewer, Editor or Admin
 * (the first letter in either case; an empty role is Viewer, as {@code RoleType.UnmarshalText} decides).
 */
record UpdateCommand(List<Grant> items) {
    UpdateCommand {
        items = List.copyOf(items);
    }

    static UpdateCommand parse(JsonNode body) {
        if (absent(body)) {
            return new UpdateCommand(List.of());
        }
        JsonNode items = body.path("items");
        if (!body.isObject() || !absent(items) && !items.isArray()) {
            throw badRequestData();
        }
        List<Grant> grants = new ArrayList<>();
        for (JsonNode item : items) {
            if (!absent(item) && !item.isObject()) {
                throw badRequestData();
            }
            grants.add(new Grant(integer(item, "userId"), integer(item, "teamId"), role(item.path("role")), integer(item, "permission")));
        }
        return new UpdateCommand(grants);
    }

    /**
     * Grafana's {@code validatePermissionsUpdate}, item by item. Its two messages are swapped in Grafana 9.3
     * ({@code ErrPermissionsWithUserAndTeamNotAllowed} reads "…cannot have an associated role" and
     * {@code ErrPermissionsWithRoleNotAllowed} "…cannot have both a user and team"); the answers keep Grafana's texts.
     */
    void validate() {
        for (Grant item : items) {
            if (item.userId() > 0 && item.teamId() > 0) {
                throw GrafanaError.badRequest("team and user permissions cannot have an associated role");
            }
            if ((item.userId() > 0 || item.teamId() > 0) && item.role() != null) {
                throw GrafanaError.badRequest("permissions cannot have both a user and team");
            }
        }
    }

    private static long integer(JsonNode item, String field) {
        JsonNode value = item.path(field);
        if (absent(value)) {
            return 0;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw badRequestData();
        }
        return value.asLong();
    }

    private static String role(JsonNode value) {
        if (absent(value)) {
            return null;
        }
        if (!value.isTextual()) {
            throw badRequestData();
        }
        String text = value.asText();
        if (text.isEmpty()) {
            return Role.VIEWER.grafanaName();
        }
        String titled = Character.toUpperCase(text.charAt(0)) + text.substring(1);
        for (Role role : Role.values()) {
            if (role.grafanaName().equals(titled)) {
                return titled;
            }
        }
        throw badRequestData();
    }

    private static boolean absent(JsonNode value) {
        return value.isMissingNode() || value.isNull();
    }

    private static GrafanaError badRequestData() {
        return GrafanaError.badRequest("bad request data");
    }
}
