package io.migrationgateway.resourceapi.rest;

import io.migrationgateway.resourceapi.status.StatusErrors;

/**
 * The query parameters of a write: {@code dryRun}, {@code fieldManager}, {@code fieldValidation} and (apply only)
 * {@code force}.
 *
 * @param fieldManager the manager recorded in {@code managedFields}: the parameter, else the client's
 *                     {@code User-Agent} up to its first slash (as the apiserver does), else {@code null}
 */
record WriteOptions(boolean dryRun, String fieldManager, FieldValidation fieldValidation, boolean force) {
    private static final int MAX_FIELD_MANAGER = 128;

    static WriteOptions of(ResourceCall call) {
        String manager = call.param("fieldManager");
        if (manager != null && manager.length() > MAX_FIELD_MANAGER) {
            throw StatusErrors.badRequest("fieldManager: Too long: may not be more than " + MAX_FIELD_MANAGER + " bytes");
        }
        return new WriteOptions(dryRun(call.param("dryRun")), manager == null ? fromUserAgent(call) : manager,
                FieldValidation.parse(call.param("fieldValidation")), call.flag("force"));
    }

    /** Whether the apply request named its manager itself: apply requires one, a User-Agent does not count. */
    static boolean namesManager(ResourceCall call) {
        String manager = call.param("fieldManager");
        return manager != null && !manager.isBlank();
    }

    /** {@code All} is the only dry-run mode; {@code dryRun} may also arrive in a DeleteOptions body. */
    static boolean dryRun(String value) {
        if (value == null || value.isEmpty()) {
            return false;
        }
        if (!value.equals("All")) {
            throw StatusErrors.badRequest("dryRun: Unsupported value: \"" + value + "\": supported values: \"All\"");
        }
        return true;
    }

    private static String fromUserAgent(ResourceCall call) {
        String agent = call.header("User-Agent");
        if (agent == null || agent.isBlank()) {
            return null;
        }
        String prefix = agent.split("/", 2)[0].trim();
        return prefix.length() > MAX_FIELD_MANAGER ? prefix.substring(0, MAX_FIELD_MANAGER) : prefix;
    }
}
