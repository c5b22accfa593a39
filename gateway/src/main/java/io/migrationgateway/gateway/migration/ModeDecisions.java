package io.migrationgateway.gateway.migration;

import io.migrationgateway.flags.MigrationModes;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import io.migrationgateway.model.Namespaces;
import java.util.List;

/**
 * The one place a request and the migration modes become how it is served: the legacy routes, the fast lane and the
 * Resource API's store choice all ask here. Includes the two cheap questions that let most requests pass straight
 * through without a route match or an org lookup: is any resource, or this resource, past mode 0 in some namespace?
 * Each answer is a few cache lookups and never touches the database. Thread-safe.
 */
public final class ModeDecisions {
    private final MigrationModes modes;
    private final Namespaces namespaces;
    private final List<String> resources;

    /** @param resources the resources that have a translator, as flag keys ({@code dashboards.dashboard.grafana.app}) */
    public ModeDecisions(MigrationModes modes, Namespaces namespaces, List<String> resources) {
        this.modes = modes;
        this.namespaces = namespaces;
        this.resources = List.copyOf(resources);
    }

    /** How {@code resource} is served in {@code namespace}, and the mode that says so. */
    public record Decision(String namespace, Mode mode) {
        public Serving serving() {
            return Serving.of(mode);
        }
    }

    /** How a legacy request on {@code resource} acting in {@code orgId} is served. */
    public Decision forOrg(String resource, long orgId) {
        return forNamespace(resource, namespaces.namespaceOf(orgId));
    }

    public Decision forNamespace(String resource, String namespace) {
        return new Decision(namespace, modes.modeOf(resource, namespace));
    }

    /**
     * Whether Resource API calls on {@code resource} in {@code namespace} go to unified storage; for a call across all
     * namespaces ({@code namespace} null), the resource's default mode decides.
     */
    public boolean resourceApiOnUnified(String resource, String namespace) {
        return Serving.of(resourceApiMode(resource, namespace)).resourceApiOnUnified();
    }

    /** The mode of {@code resource} for a Resource API call in {@code namespace}; the default mode for all namespaces ({@code null}). */
    public Mode resourceApiMode(String resource, String namespace) {
        return namespace == null ? modes.state(resource).defaultMode() : modes.modeOf(resource, namespace);
    }

    /** Whether some namespace of some translated resource is in a mode other than 0. */
    public boolean anyResource() {
        for (String resource : resources) {
            if (anyNamespace(resource)) {
                return true;
            }
        }
        return false;
    }

    /** Whether some namespace of {@code resource} is in a mode other than 0 (by default or by an override). */
    public boolean anyNamespace(String resource) {
        ResourceModes state = modes.state(resource);
        if (!state.enabled()) {
            return false;
        }
        if (state.mode() != Mode.LEGACY) {
            return true;
        }
        for (Mode override : state.namespaces().values()) {
            if (override != Mode.LEGACY) {
                return true;
            }
        }
        return false;
    }

    public Namespaces namespaces() {
        return namespaces;
    }
}
