package io.migrationgateway.gateway.auth;

import java.util.OptionalLong;

/**
 * Grafana's on-premises namespace of a legacy org (its {@code OrgNamespaceFormatter}): org 1 is
 * {@code default}, org N ≥ 2 is {@code org-N}. One place, so every part of the gateway maps alike.
 */
public final class Namespaces {
    public static final String DEFAULT = "default";
    private static final String ORG_PREFIX = "org-";

    private Namespaces() {
    }

    /**
     * The namespace of an org.
     *
     * @throws IllegalArgumentException for an org id below 1 (Grafana's ids start at 1)
     */
    public static String ofOrg(long orgId) {
        if (orgId < 1) {
            throw new IllegalArgumentException("org ids start at 1, got " + orgId);
        }
        return orgId == 1 ? DEFAULT : ORG_PREFIX + orgId;
    }

    /**
     * The org of a namespace, or empty for a namespace that names none. As in Grafana, {@code org-1} names
     * none: org 1 is only ever {@code default}, so each org has exactly one namespace.
     */
    public static OptionalLong orgOf(String namespace) {
        if (DEFAULT.equals(namespace)) {
            return OptionalLong.of(1);
        }
        if (namespace == null || !namespace.startsWith(ORG_PREFIX)) {
            return OptionalLong.empty();
        }
        String digits = namespace.substring(ORG_PREFIX.length());
        if (digits.isEmpty() || digits.length() > 18 || digits.startsWith("0") || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return OptionalLong.empty();
        }
        long orgId = Long.parseLong(digits);
        return orgId >= 2 ? OptionalLong.of(orgId) : OptionalLong.empty();
    }
}
