package io.migrationgateway.reports;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What a report says about itself, so a reader knows what it covers.
 *
 * @param kind           {@code shadow}, {@code dual-write} or {@code verification}
 * @param from           start of the window (inclusive)
 * @param to             end of the window (exclusive); when the report was made
 * @param resources      the resources asked for (empty: all)
 * @param namespaces     the namespaces asked for (empty: all)
 * @param records        how many stored records the figures were computed from
 * @param gatewayVersion the version of the gateway that made the report
 */
public record ReportHeader(String kind, Instant from, Instant to, List<String> resources, List<String> namespaces,
                           long records, String gatewayVersion) {
    public ReportHeader {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        resources = List.copyOf(resources);
        namespaces = List.copyOf(namespaces);
        Objects.requireNonNull(gatewayVersion, "gatewayVersion");
        if (to.isBefore(from)) {
            throw new IllegalArgumentException("the window ends (" + to + ") before it starts (" + from + ")");
        }
    }
}
