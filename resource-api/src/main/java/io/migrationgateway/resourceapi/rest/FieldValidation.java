package io.migrationgateway.resourceapi.rest;

import io.migrationgateway.resourceapi.status.StatusErrors;

/**
 * The {@code fieldValidation} parameter: what to do with fields the kind does not declare. Without the
 * parameter the apiserver warns (its default since 1.23); kubectl sends {@code Strict} explicitly.
 */
enum FieldValidation {
    /** Refuse the request (400) naming every unknown field. */
    STRICT,
    /** Drop unknown fields and name each in a {@code Warning} header. */
    WARN,
    /** Drop unknown fields silently. */
    IGNORE;

    static FieldValidation parse(String value) {
        if (value == null || value.isEmpty()) {
            return WARN;
        }
        return switch (value) {
            case "Strict" -> STRICT;
            case "Warn" -> WARN;
            case "Ignore" -> IGNORE;
            default -> throw StatusErrors.badRequest("fieldValidation: Unsupported value: \"" + value
                    + "\": supported values: \"Ignore\", \"Strict\", \"Warn\"");
        };
    }
}
