package io.migrationgateway.translators.legacy;

import java.util.Objects;

/**
 * An operation of a resource's legacy surface (Grafana 9.3's {@code /api}) that its translator does not translate, with
 * how the gateway handles it and why, so that no request under a migrated resource's routes reaches the legacy side
 * by accident.
 *
 * @param route    the operation's method and path template; its id names it in metrics and the admin API
 * @param handling what the gateway does with it, by mode
 * @param reason   one sentence for operators: why this handling
 */
public record UntranslatedOperation(LegacyRoute route, Handling handling, String reason) {
    public UntranslatedOperation {
        Objects.requireNonNull(route, "route");
        Objects.requireNonNull(handling, "handling");
        Objects.requireNonNull(reason, "reason");
    }

    /** How an untranslated operation is served. */
    public enum Handling {
        /** Not the resource's data (access control, a function of the request alone): the legacy side answers, in every mode. */
        LEGACY_SIDE,
        /**
         * The resource's data, not served from unified storage yet: the legacy side answers in modes 0–3, where it is
         * kept current; refused in mode 4, where its copy is stale, and gone in mode 5.
         */
        NOT_SERVED_WHEN_MIGRATED
    }

    public static UntranslatedOperation legacySide(String id, String method, String template, String reason) {
        return new UntranslatedOperation(new LegacyRoute(id, method, template), Handling.LEGACY_SIDE, reason);
    }

    public static UntranslatedOperation notServedWhenMigrated(String id, String method, String template, String reason) {
        return new UntranslatedOperation(new LegacyRoute(id, method, template), Handling.NOT_SERVED_WHEN_MIGRATED, reason);
    }
}
