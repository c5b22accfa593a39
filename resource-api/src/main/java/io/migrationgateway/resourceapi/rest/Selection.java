package io.migrationgateway.resourceapi.rest;

import io.migrationgateway.resourceapi.status.StatusErrors;
import io.migrationgateway.storage.FieldSelector;
import io.migrationgateway.storage.LabelSelector;

/**
 * The selectors of a list, watch or deletecollection ({@code labelSelector}, {@code fieldSelector}); on a named
 * object's path (a watch of one object) the name is added to the field selector.
 */
record Selection(LabelSelector labels, FieldSelector fields) {
    /** @throws io.migrationgateway.storage.StorageException BAD_REQUEST for a selector that does not parse */
    static Selection of(ResourceCall call) {
        String fieldText = call.param("fieldSelector");
        String name = call.target().name();
        if (name != null) {
            fieldText = fieldText == null || fieldText.isBlank() ? "metadata.name=" + name
                    : fieldText + ",metadata.name=" + name;
        }
        return new Selection(LabelSelector.parse(call.param("labelSelector")), FieldSelector.parse(fieldText));
    }

    /** The {@code limit} parameter; absent or 0 is no limit. */
    static int limit(ResourceCall call) {
        String value = call.param("limit");
        if (value == null || value.isEmpty()) {
            return 0;
        }
        try {
            return Math.max(0, Integer.parseInt(value));
        } catch (NumberFormatException e) {
            throw StatusErrors.badRequest("limit: Invalid value: \"" + value + "\": must be an integer");
        }
    }
}
