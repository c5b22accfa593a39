package io.migrationgateway.gateway.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The alert rules an operator loads into Prometheus: a {@code groups:} file whose every alert waits ({@code for}), says
 * how bad it is, explains itself and links to a runbook section that exists in docs/operations.md.
 */
class AlertRulesTest {
    @Test
    void theRulesFileIsAGroupsFileWithTheAlertsAMigrationNeeds() {
        JsonNode rules = WatchFiles.rules();

        assertThat(rules.path("groups").isArray()).isTrue();
        assertThat(rules.path("groups")).allSatisfy(group -> {
            assertThat(group.path("name").asText()).isNotBlank();
            assertThat(group.path("rules").isArray()).isTrue();
        });
        assertThat(WatchFiles.alerts()).extracting(alert -> alert.path("alert").asText()).containsExactlyInAnyOrder(
                "MigrationGatewayLegacyBreakerOpen", "MigrationGatewayOutboxGrowing", "MigrationGatewayOutboxEntryOld",
                "MigrationGatewayShadowMismatchOverGate", "MigrationGatewayReplicaFlagsDiffer", "MigrationGatewayJobStalled",
                "MigrationGatewayTranslatedRoutes5xx");
    }

    @Test
    void everyAlertWaitsHasASeverityASummaryADescriptionAndAnExpression() {
        assertThat(WatchFiles.alerts()).allSatisfy(alert -> {
            String name = alert.path("alert").asText();
            assertThat(alert.path("expr").asText()).as(name).isNotBlank();
            assertThat(alert.path("for").asText()).as(name).matches("\\d+[smh]");
            assertThat(alert.path("labels").path("severity").asText()).as(name).isIn("critical", "warning", "info");
            assertThat(alert.path("annotations").path("summary").asText()).as(name).isNotBlank();
            assertThat(alert.path("annotations").path("description").asText()).as(name).isNotBlank();
        });
    }

    @Test
    void everyRunbookUrlLeadsToAHeadingOfTheOperationsRunbook() {
        List<String> anchors = WatchFiles.alerts().stream()
                .map(alert -> alert.path("annotations").path("runbook_url").asText())
                .peek(url -> assertThat(url).matches("(.*/)?docs/operations\\.md#[a-z0-9_-]+"))
                .map(url -> url.substring(url.indexOf('#') + 1))
                .toList();

        assertThat(WatchFiles.operationsAnchors()).containsAll(anchors);
    }

    @Test
    void everyAlertReadsAtLeastOneGatewayMetric() {
        assertThat(WatchFiles.queries()).filteredOn(query -> query.where().startsWith("alert "))
                .allSatisfy(query -> assertThat(query.metricNames()).as(query.where()).isNotEmpty());
    }

    @Test
    void prometheusItselfAcceptsTheRules() throws Exception {
        assumeTrue(promtoolInstalled(), "promtool is not installed (Debian: apt-get install prometheus)");
        Process check = new ProcessBuilder("promtool", "check", "rules", WatchFiles.RULES.toString()).redirectErrorStream(true).start();
        assertThat(check.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String output = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(check.exitValue()).as(output).isZero();
        assertThat(output).contains("SUCCESS: " + WatchFiles.alerts().size() + " rules found");
    }

    private static boolean promtoolInstalled() {
        try {
            return new ProcessBuilder("promtool", "--version").start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }
}
