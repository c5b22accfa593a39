package io.migrationgateway.flags.mode;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The flag of one resource, immutable: whether its feature is on, the mode of every namespace without an
 * override, and the per-namespace overrides. A feature that is off puts every namespace in mode 0, whatever the
 * mode and overrides say (they are kept, dormant, so that the console shows them).
 *
 * @param resource   the resource key, such as {@code dashboards.dashboard.grafana.app}
 * @param enabled    the Togglz feature's on/off switch
 * @param mode       the mode of every namespace without an override, while enabled
 * @param namespaces overrides by namespace name (DNS-1123 labels such as {@code org-2}), while enabled
 */
public record ResourceModes(String resource, boolean enabled, Mode mode, Map<String, Mode> namespaces) {
    private static final Pattern NAMESPACE = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

    public ResourceModes {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(mode, "mode");
        namespaces.keySet().forEach(ResourceModes::checkNamespace);
        namespaces = Map.copyOf(namespaces);
    }

    /** The state of a resource nobody has flipped yet: feature off, mode 0. */
    public static ResourceModes initial(String resource) {
        return new ResourceModes(resource, false, Mode.LEGACY, Map.of());
    }

    /** The mode that serves {@code namespace} now: this is what the gateway asks on every request. */
    public Mode modeOf(String namespace) {
        if (!enabled) {
            return Mode.LEGACY;
        }
        Mode override = namespaces.get(namespace);
        return override == null ? mode : override;
    }

    /** The mode of every namespace without an override (mode 0 while the feature is off). */
    public Mode defaultMode() {
        return enabled ? mode : Mode.LEGACY;
    }

    /** The mode serving {@code namespace}, or the default mode when it is empty (meaning every namespace without an override). */
    public Mode modeOf(Optional<String> namespace) {
        return namespace.map(this::modeOf).orElseGet(this::defaultMode);
    }

    /**
     * This state with {@code namespace} (or, when empty, every namespace without an override) in {@code target}.
     * A feature that is off is switched on, and its dormant mode and overrides are dropped first, so that exactly
     * the asked-for namespace leaves mode 0 and nothing else changes with it.
     */
    public ResourceModes withMode(Optional<String> namespace, Mode target) {
        namespace.ifPresent(ResourceModes::checkNamespace);
        ResourceModes base = enabled ? this : new ResourceModes(resource, true, Mode.LEGACY, Map.of());
        if (namespace.isEmpty()) {
            return new ResourceModes(resource, true, target, base.namespaces);
        }
        Map<String, Mode> overrides = new LinkedHashMap<>(base.namespaces);
        overrides.put(namespace.get(), target);
        return new ResourceModes(resource, true, base.mode, overrides);
    }

    /** The overrides as the console edits them: {@code org-2=4,org-3=0}, sorted by namespace; empty when none. */
    public String namespacesText() {
        return new TreeMap<>(namespaces).entrySet().stream()
                .map(entry -> entry.getKey() + "=" + entry.getValue().number())
                .collect(Collectors.joining(","));
    }

    /**
     * Reads overrides written as {@code org-2=4, org-3=0} (blank = none).
     *
     * @throws InvalidFlagStateException naming the entry that is malformed, names a bad namespace or mode, or repeats a namespace
     */
    public static Map<String, Mode> parseNamespaces(String text) {
        Map<String, Mode> overrides = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return overrides;
        }
        for (String entry : text.split(",", -1)) {
            String[] parts = entry.strip().split("=", -1);
            if (parts.length != 2) {
                throw new InvalidFlagStateException("namespace overrides are written 'namespace=mode, ...' (such as org-2=4), got '"
                        + entry.strip() + "'");
            }
            String namespace = parts[0].strip();
            checkNamespace(namespace);
            Mode mode;
            try {
                mode = Mode.of(Integer.parseInt(parts[1].strip()));
            } catch (IllegalArgumentException e) {
                throw new InvalidFlagStateException("the mode of namespace " + namespace + " must be 0 to 5, got '" + parts[1].strip() + "'");
            }
            if (overrides.put(namespace, mode) != null) {
                throw new InvalidFlagStateException("namespace " + namespace + " is given twice");
            }
        }
        return overrides;
    }

    /** @throws InvalidFlagStateException unless {@code namespace} is a DNS-1123 label, as Kubernetes namespaces are */
    public static void checkNamespace(String namespace) {
        if (namespace == null || !NAMESPACE.matcher(namespace).matches()) {
            throw new InvalidFlagStateException("a namespace is a DNS-1123 label (lower-case letters, digits and '-', "
                    + "such as default or org-2), got '" + namespace + "'");
        }
    }
}
