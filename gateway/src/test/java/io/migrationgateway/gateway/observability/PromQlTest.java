package io.migrationgateway.gateway.observability;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The metric names found in a query are the ones it reads: not its functions, keywords, labels, durations or strings. */
class PromQlTest {
    @Test
    void namesAreFoundAfterFunctionsKeywordsLabelListsMatchersAndRangesAreTakenOut() {
        String expression = """
                histogram_quantile(0.99, sum by (le, route_class) (rate(gateway_requests_seconds_bucket{route_class=~"a|b", x="rate(y)"}[$__rate_interval])))
                > on () group_left () max(gateway_gate_shadow_max_mismatch_ratio)
                and on (resource) (count by (instance) (gateway_resource_mode) < scalar(count(up offset 5m)))
                or vector(0) unless bool_metric:recorded
                """;

        assertThat(PromQl.metricNames(expression)).containsExactlyInAnyOrder("gateway_requests_seconds_bucket",
                "gateway_gate_shadow_max_mismatch_ratio", "gateway_resource_mode", "up", "bool_metric:recorded");
    }

    @Test
    void aBareNameAndANameWithOnlyARangeAreFound() {
        assertThat(PromQl.metricNames("gateway_outbox_pending")).containsExactly("gateway_outbox_pending");
        assertThat(PromQl.metricNames("deriv(gateway_outbox_pending[15m]) > 0")).containsExactly("gateway_outbox_pending");
    }

    @Test
    void scrapedSampleNamesAreReadFromTheExpositionWithoutComments() {
        String exposition = """
                # HELP gateway_requests_seconds Requests
                # TYPE gateway_requests_seconds histogram
                gateway_requests_seconds_bucket{le="0.001",route_class="passthrough"} 3
                gateway_requests_seconds_count{route_class="passthrough"} 3
                gateway_gate_shadow_max_mismatch_ratio 0.005
                """;

        assertThat(PromQl.scrapedNames(exposition)).containsExactlyInAnyOrder("gateway_requests_seconds_bucket",
                "gateway_requests_seconds_count", "gateway_gate_shadow_max_mismatch_ratio");
    }
}
