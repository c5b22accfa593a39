package io.migrationgateway.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.gateway.metrics.GatewayMetrics;
import org.junit.jupiter.api.Test;

/** Requests on translated routes are counted per resource by the mode that served them, every mode of a resource at once. */
class ModeTrafficTest {
    @Test
    void requestsAreCountedByResourceAndTheModeServingThem() {
        GatewayMetrics metrics = new GatewayMetrics();
        ModeTraffic traffic = new ModeTraffic(metrics.registry());

        traffic.served("dashboards.dashboard.grafana.app", Mode.SHADOW);
        traffic.served("dashboards.dashboard.grafana.app", Mode.SHADOW);
        traffic.served("dashboards.dashboard.grafana.app", Mode.UNIFIED_ONLY);

        assertThat(metrics.scrape())
                .contains("gateway_resource_requests_total{mode=\"1\",resource=\"dashboards.dashboard.grafana.app\"} 2.0")
                .contains("gateway_resource_requests_total{mode=\"4\",resource=\"dashboards.dashboard.grafana.app\"} 1.0")
                .contains("gateway_resource_requests_total{mode=\"0\",resource=\"dashboards.dashboard.grafana.app\"} 0.0");
    }
}
