package io.migrationgateway.gateway.routing;

import io.migrationgateway.flags.MigrationModes;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;
import java.util.List;

/**
 * The migration modes as the request path asks them, including the two cheap questions that let most requests
 * pass straight through without a route match or an org lookup: is any resource, or this resource, past mode 0 in some
 * namespace (shadowed, dual-written or answered from unified storage)? Each answer is a few cache lookups and never
 * touches the database; while every resource is in mode 0 they cost what they cost before modes 1–3 existed.
 */
final class UnifiedModes {
    private final MigrationModes modes;
    private final List<String> resources;

    /** @param resources the resources that have a translator, as flag keys ({@code dashboards.dashboard.grafana.app}) */
    UnifiedModes(MigrationModes modes, List<String> resources) {
        this.modes = modes;
        this.resources = List.copyOf(resources);
    }

    /** Whether some namespace of some translated resource is in a mode other than 0. */
    boolean anyResource() {
        for (String resource : resources) {
            if (anyNamespace(resource)) {
                return true;
            }
        }
        return false;
    }

    /** Whether some namespace of {@code resource} is in a mode other than 0 (by default or by an override). */
    boolean anyNamespace(String resource) {
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

    Mode modeOf(String resource, String namespace) {
        return modes.modeOf(resource, namespace);
    }
}
