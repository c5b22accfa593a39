package io.migrationgateway.legacysim.auth;

/** Grafana's basic org roles, in increasing power. */
public enum Role {
    VIEWER("Viewer"),
    EDITOR("Editor"),
    ADMIN("Admin");

    private final String grafanaName;

    Role(String grafanaName) {
        this.grafanaName = grafanaName;
    }

    /** The spelling Grafana stores and returns ({@code Viewer}, {@code Editor}, {@code Admin}). */
    public String grafanaName() {
        return grafanaName;
    }

    public boolean atLeast(Role other) {
        return compareTo(other) >= 0;
    }

    public static Role fromGrafana(String name) {
        for (Role role : values()) {
            if (role.grafanaName.equalsIgnoreCase(name)) {
                return role;
            }
        }
        throw new IllegalArgumentException("unknown role " + name);
    }
}
