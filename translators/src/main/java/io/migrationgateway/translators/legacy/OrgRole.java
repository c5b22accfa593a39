package io.migrationgateway.translators.legacy;

/** Grafana's basic roles in an org, weakest first; they decide the {@code can*} flags of legacy answers. */
public enum OrgRole {
    VIEWER, EDITOR, ADMIN;

    public boolean atLeast(OrgRole other) {
        return compareTo(other) >= 0;
    }
}
