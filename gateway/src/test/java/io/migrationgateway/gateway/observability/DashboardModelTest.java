package io.migrationgateway.gateway.observability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.gateway.demo.GatewayDashboard;
import io.migrationgateway.resourceapi.validation.SchemaValidator;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import io.migrationgateway.translators.json.Json;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The gateway's own dashboard: a Dashboard object that Grafana's v1beta1 OpenAPI document accepts (the resource API's
 * validator, as a write to /apis would be checked), laid out on Grafana's 24-column grid with every panel querying
 * Prometheus, covering what an operator of a migration watches, and the very file the demo packages.
 */
class DashboardModelTest {
    private static final JsonNode DASHBOARD = WatchFiles.dashboard();

    @Test
    void asADashboardObjectItValidatesAgainstTheDashboardKindsOpenApiSchema() {
        ObjectNode object = Json.object().put("apiVersion", "dashboard.grafana.app/v1beta1").put("kind", "Dashboard");
        object.putObject("metadata").put("name", DASHBOARD.path("uid").asText()).put("namespace", "default");
        object.set("spec", DASHBOARD.deepCopy());
        SchemaValidator validator = SchemaValidator.forKind(DashboardTranslator.KIND);

        assertThat(DASHBOARD.path("uid").asText()).isEqualTo("migration-gateway");
        assertThat(validator.validate(object)).isEmpty();
        assertThat(validator.unknownFields(object)).isEmpty();
    }

    @Test
    void itsPanelsSitOnTheGridWithoutOverlapAndEveryQueryHasADatasourceAndARefId() {
        assertThat(DASHBOARD.path("schemaVersion").asInt()).isGreaterThanOrEqualTo(36);
        assertThat(DASHBOARD.path("title").asText()).isNotBlank();
        Set<Integer> ids = new HashSet<>();
        Set<String> cells = new HashSet<>();
        for (JsonNode panel : DASHBOARD.path("panels")) {
            String title = panel.path("title").asText();
            assertThat(ids.add(panel.path("id").asInt())).as("unique id of " + title).isTrue();
            JsonNode grid = panel.path("gridPos");
            int x = grid.path("x").asInt(-1);
            int w = grid.path("w").asInt();
            assertThat(x).as(title).isGreaterThanOrEqualTo(0);
            assertThat(x + w).as(title).isLessThanOrEqualTo(24);
            for (int row = grid.path("y").asInt(); row < grid.path("y").asInt() + grid.path("h").asInt(); row++) {
                for (int column = x; column < x + w; column++) {
                    assertThat(cells.add(row + ":" + column)).as(title + " overlaps another panel at " + row + ":" + column).isTrue();
                }
            }
            if (panel.path("type").asText().equals("row")) {
                assertThat(panel.has("targets")).as(title).isFalse();
                continue;
            }
            assertThat(panel.path("type").asText()).as(title).isIn("timeseries", "stat", "gauge", "bargauge", "table");
            assertThat(panel.path("datasource").path("type").asText()).as(title).isEqualTo("prometheus");
            assertThat(panel.path("targets")).as(title).isNotEmpty();
            Set<String> refIds = new HashSet<>();
            panel.path("targets").forEach(target -> {
                assertThat(refIds.add(target.path("refId").asText())).as(title).isTrue();
                assertThat(target.path("expr").asText()).as(title).isNotBlank();
            });
        }
    }

    @Test
    void itsQueriesCoverModesTrafficLatencyShadowDualWriteOutboxAndJobs() {
        Set<String> read = new TreeSet<>();
        List<String> where = new ArrayList<>();
        WatchFiles.queries().stream().filter(query -> !query.where().startsWith("alert ")).forEach(query -> {
            read.addAll(query.metricNames());
            where.add(query.where());
        });

        assertThat(read).contains("gateway_resource_mode", "gateway_requests_seconds_count", "gateway_resource_requests_total",
                "gateway_requests_seconds_bucket", "gateway_legacy_calls_seconds_bucket", "gateway_shadow_comparisons_total",
                "gateway_gate_shadow_max_mismatch_ratio", "gateway_dual_writes_total", "gateway_outbox_pending",
                "gateway_job_rows_processed", "gateway_job_rows_planned");
        assertThat(where).isNotEmpty();
    }

    @Test
    void theDemoPackagesThisVeryFile() {
        assertThat(GatewayDashboard.model()).isEqualTo(DASHBOARD);
    }
}
