package io.migrationgateway.flags.togglz;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.flags.mode.ResourceModes;

/**
 * What a console save stores: the flag the edit form asks for, with its Enabled box following from its modes, so that
 * the form cannot save a mode that does not take effect. Some namespace above mode 0 enables the flag, ticked or not;
 * no namespace above mode 0 is a disabled flag in mode 0 with nothing dormant; and unticking Enabled on an enabled flag
 * is the off switch, every namespace to mode 0, whatever modes the form still shows.
 */
final class EnabledFollowsMode {
    private EnabledFollowsMode() {
    }

    /**
     * The state to save.
     *
     * @param current the flag as it is
     * @param asked   the flag as the form gives it
     */
    static ResourceModes saved(ResourceModes current, ResourceModes asked) {
        boolean switchedOff = current.enabled() && !asked.enabled();
        if (switchedOff || !anyAboveLegacy(asked)) {
            return ResourceModes.initial(asked.resource());
        }
        return new ResourceModes(asked.resource(), true, asked.mode(), asked.namespaces());
    }

    private static boolean anyAboveLegacy(ResourceModes asked) {
        return asked.mode() != Mode.LEGACY || asked.namespaces().values().stream().anyMatch(mode -> mode != Mode.LEGACY);
    }
}
