package io.migrationgateway.resourceapi.auth;

/** A caller's role in one namespace (org), after Grafana's org roles: Viewer reads, Editor and Admin write. */
public enum Role {
    VIEWER, EDITOR, ADMIN;

    public boolean canWrite() {
        return this != VIEWER;
    }
}
