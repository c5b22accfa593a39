package io.migrationgateway.model;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Org ↔ namespace, with Grafana's rules (reference §2.1; grafana/authlib {@code types/namespace.go}), for one
 * deployment: on-premises ({@code OrgNamespaceFormatter}: org 1 is {@code default}, org N ≥ 2 is {@code org-N}) or a
 * cloud stack ({@code CloudNamespaceFormatter}: {@code stacks-S}, whose only org is 1). Immutable and thread-safe.
 */
public final class Namespaces {
    public static final String DEFAULT = "default";
    private static final String ORG_PREFIX = "org-";
    private static final String STACKS_PREFIX = "stacks-";
    private static final String DEPRECATED_STACK_PREFIX = "stack-";

    private final long stackId;

    private Namespaces(long stackId) {
        this.stackId = stackId;
    }

    /** On-premises: org 1 is {@code default}, org N is {@code org-N}. */
    public static Namespaces onPrem() {
        return new Namespaces(-1);
    }

    /** A cloud stack: every request acts in {@code stacks-<stackId>}. */
    public static Namespaces cloud(long stackId) {
        if (stackId < 1) {
            throw new IllegalArgumentException("stack ids start at 1, got " + stackId);
        }
        return new Namespaces(stackId);
    }

    /** What {@link #parse} makes of a namespace. */
    public sealed interface Parsed {
        String value();
    }

    /**
     * A namespace Grafana accepts. {@code orgId} is -1 for a string that names no org (Grafana parses those without
     * an error), {@code stackId} is -1 outside the cloud.
     */
    public record OrgNamespace(String value, long orgId, long stackId) implements Parsed {
    }

    /** A namespace Grafana refuses, with its message ({@code use default rather than org-1}, {@code invalid org id}). */
    public record Rejected(String value, String message) implements Parsed {
    }

    /**
     * The namespace of an org in this deployment.
     *
     * @throws IllegalArgumentException for an org id below 1 (Grafana's ids start at 1; a caller bug)
     */
    public String namespaceOf(long orgId) {
        if (orgId < 1) {
            throw new IllegalArgumentException("org ids start at 1, got " + orgId);
        }
        if (stackId > 0) {
            return STACKS_PREFIX + stackId;
        }
        return orgId == 1 ? DEFAULT : ORG_PREFIX + orgId;
    }

    /** Grafana's {@code ParseNamespace}, whatever the deployment: never throws. */
    public static Parsed parse(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        if (namespace.equals(DEFAULT)) {
            return new OrgNamespace(namespace, 1, -1);
        }
        if (namespace.startsWith(ORG_PREFIX)) {
            long orgId = number(namespace.substring(ORG_PREFIX.length()));
            if (orgId < 1) {
                return new Rejected(namespace, "invalid org id");
            }
            if (orgId == 1) {
                return new Rejected(namespace, "use default rather than org-1");
            }
            return new OrgNamespace(namespace, orgId, -1);
        }
        for (String prefix : new String[] {STACKS_PREFIX, DEPRECATED_STACK_PREFIX}) {
            if (namespace.startsWith(prefix)) {
                long stack = number(namespace.substring(prefix.length()));
                return stack < 1 ? new Rejected(namespace, "invalid stack id") : new OrgNamespace(namespace, 1, stack);
            }
        }
        return new OrgNamespace(namespace, -1, -1);
    }

    /**
     * The org of a namespace this deployment serves, in its canonical form ({@code org-7}, not {@code org-007}, so that
     * an org has one namespace); empty for any other (another stack, {@code org-1}, junk).
     */
    public OptionalLong orgOf(String namespace) {
        if (namespace == null || !(parse(namespace) instanceof OrgNamespace parsed) || parsed.orgId() < 1
                || !namespaceOf(parsed.orgId()).equals(namespace)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(parsed.orgId());
    }

    /** Why this deployment does not serve {@code namespace} (Grafana's message when it has one); empty when it does. */
    public Optional<String> whyNotServed(String namespace) {
        if (orgOf(namespace).isPresent()) {
            return Optional.empty();
        }
        if (namespace != null && parse(namespace) instanceof Rejected rejected) {
            return Optional.of(rejected.message());
        }
        return Optional.of("namespace \"" + namespace + "\" is not served here (expected " + namespaceOf(1)
                + (stackId > 0 ? ")" : " or org-<id> for org ids from 2)"));
    }

    /** Decimal digits only (no sign, no spaces), as a positive long; -1 otherwise. */
    private static long number(String digits) {
        if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return -1;
        }
        return Long.parseLong(digits);
    }

    @Override
    public String toString() {
        return stackId > 0 ? "Namespaces[cloud stack " + stackId + "]" : "Namespaces[on-prem]";
    }
}
