package io.migrationgateway.gateway.config;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * Legacy routes of resources in mode 4 (answered from unified storage) or 5 (retired).
 *
 * @param maxRequestBody bytes; a translated request's body is read whole up to this, a longer one gets 413
 * @param sunset         when the legacy API of a retired resource stops (stopped) working: a date ({@code 2026-12-31},
 *                       midnight UTC) or an instant ({@code 2026-12-31T18:00:00Z}), sent in the {@code Sunset} and
 *                       {@code Deprecation} headers of mode 5's 410 answers
 */
public record RoutingConfig(int maxRequestBody, String sunset) {
    public RoutingConfig {
        Checks.range("routing.max-request-body", maxRequestBody, 1024, 1024 * 1024 * 1024);
        sunsetTime(sunset);
    }

    /** {@link #sunset} as an instant. */
    public Instant sunsetTime() {
        return sunsetTime(sunset);
    }

    private static Instant sunsetTime(String text) {
        String value = text == null ? "" : text.strip();
        try {
            return value.contains("T") ? Instant.parse(value) : LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (DateTimeParseException e) {
            throw new ConfigException("routing.sunset", "must be a date such as 2026-12-31 or an instant such as "
                    + "2026-12-31T18:00:00Z, got '" + value + "'");
        }
    }
}
