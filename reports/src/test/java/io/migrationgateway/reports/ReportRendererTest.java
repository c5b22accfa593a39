package io.migrationgateway.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReportRendererTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonSchema schema(String kind) throws Exception {
        try (InputStream in = ReportRenderer.class.getResourceAsStream(ReportRenderer.schemaResource(kind))) {
            assertThat(in).as("schema of " + kind).isNotNull();
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        }
    }

    private static JsonNode json(Report report) throws Exception {
        return JSON.readTree(ReportRenderer.render(report, ReportFormat.JSON));
    }

    @Test
    void everyReportsJsonValidatesAgainstItsPublishedSchema() throws Exception {
        for (Report report : List.of(SampleReports.shadow(), SampleReports.dualWrite(), SampleReports.verification())) {
            Set<ValidationMessage> errors = schema(report.header().kind()).validate(json(report));
            assertThat(errors).as(report.header().kind()).isEmpty();
        }
    }

    @Test
    void theSchemasCatchADocumentThatDoesNotFollowThem() throws Exception {
        ObjectNode broken = (ObjectNode) json(SampleReports.verification());
        ((ObjectNode) broken.get("header")).remove("gatewayVersion");
        ((ObjectNode) broken.get("latest").get(0)).put("parityPercent", 140);
        Set<ValidationMessage> errors = schema("verification").validate(broken);
        assertThat(errors).extracting(ValidationMessage::getMessage)
                .anySatisfy(message -> assertThat(message).contains("gatewayVersion"))
                .anySatisfy(message -> assertThat(message).contains("parityPercent"));
        assertThat(schema("shadow").validate(json(SampleReports.verification()))).as("a report against another's schema").isNotEmpty();
    }

    @Test
    void derivedFiguresAreComputedFromTheCounts() throws Exception {
        JsonNode route = json(SampleReports.shadow()).get("routes").get(0);
        assertThat(route.get("matchPercent").asDouble()).isEqualTo(95.0);
        assertThat(route.get("mismatchPercent").asDouble()).isEqualTo(3.0);
        assertThat(route.get("noisePercent").asDouble()).isEqualTo(2.0);
        assertThat(json(SampleReports.shadow()).get("routes").get(2).get("matchPercent").asDouble()).as("nothing compared").isZero();

        JsonNode run = json(SampleReports.verification()).get("latest").get(0);
        assertThat(run.get("matching").asLong()).isEqualTo(995);
        assertThat(run.get("parityPercent").asDouble()).isEqualTo(99.5);
        assertThat(run.get("durationSeconds").asDouble()).isEqualTo(10.0);
        assertThat(run.get("rowsPerSecond").asDouble()).isEqualTo(100.0);
        assertThat(json(SampleReports.verification()).at("/header/from").asText()).isEqualTo("2026-11-20T00:00:00Z");
    }

    @Test
    void liveAndSweptComparisonsOfARouteAreSeparateLinesNamingTheirOrigin() throws Exception {
        JsonNode shadow = json(SampleReports.shadow());
        assertThat(shadow.get("routes")).extracting(r -> r.get("route").asText() + " " + r.get("origin").asText() + " "
                + r.get("compared").asLong() + " " + r.get("skippedSinceStart").asLong())
                .containsExactly("GET /api/dashboards/uid/:uid live 200 40", "GET /api/dashboards/uid/:uid swept 40 0", "GET /api/search live 0 3");
        assertThat(shadow.at("/routes/1/mismatchPercent").asDouble()).isEqualTo(2.5);
        assertThat(shadow.at("/routes/1/samples/0/shadow").asText()).isEqualTo("\"Swept away\"");
        assertThat(shadow.get("mismatchRateOverTime")).hasSize(3);
        assertThat(shadow.at("/sweptMismatchRateOverTime/0/value").asDouble()).isEqualTo(0.025);

        String[] csv = new String(ReportRenderer.render(SampleReports.shadow(), ReportFormat.CSV), StandardCharsets.UTF_8).split("\r\n");
        assertThat(csv[0]).startsWith("resource,namespace,route,origin,compared,");
        assertThat(csv[2]).startsWith("dashboards.dashboard.grafana.app,default,GET /api/dashboards/uid/:uid,swept,40,39,1,0,0,0,0,97.50,2.50,");

        String html = new String(ReportRenderer.render(SampleReports.shadow(), ReportFormat.HTML), StandardCharsets.UTF_8);
        assertThat(html).contains("<th>origin</th>", "GET /api/dashboards/uid/:uid</td><td>live</td><td class=\"n\">200</td>",
                "GET /api/dashboards/uid/:uid</td><td>swept</td><td class=\"n\">40</td>", "Share of compared live reads that mismatched",
                "Share of compared swept reads that mismatched", "Samples of live reads", "Samples of swept reads", "&quot;Swept away&quot;");
        assertThat(html.split("\\$\\.meta\\.updated", -1)).as("the route's top paths, shown once for both origins").hasSize(2);
    }

    @Test
    void csvHasOneRowPerLineItemQuotedAndSafeForSpreadsheets() {
        String csv = new String(ReportRenderer.render(SampleReports.verification(), ReportFormat.CSV), StandardCharsets.UTF_8);
        assertThat(csv.split("\r\n")).containsExactly(
                "id,resource,namespace,direction,started_at,finished_at,processed,matching,mismatched,missing,extra,parity_percent,"
                        + "duration_seconds,rows_per_second",
                "7,dashboards.dashboard.grafana.app,default,copy,2026-11-20T00:00:00Z,2026-11-20T00:00:10Z,1000,995,2,3,1,99.50,10.00,100.00",
                "6,folders.folder.grafana.app,,copy,2026-11-20T00:00:00Z,2026-11-20T00:00:02Z,50,50,0,0,0,100.00,2.00,25.00");

        String shadow = new String(ReportRenderer.render(SampleReports.shadow(), ReportFormat.CSV), StandardCharsets.UTF_8);
        assertThat(shadow.split("\r\n")).hasSize(4);
        assertThat(shadow.split("\r\n")[1]).startsWith("dashboards.dashboard.grafana.app,default,GET /api/dashboards/uid/:uid,live,200,190,6,4,12,40,1,");

        DualWriteReport odd = new DualWriteReport(SampleReports.header("dual-write", 1),
                List.of(new DualWriteReport.ResourceWrites("=HYPERLINK(\"x\")", "a,b", 1, 1, 0, 1, 0, 0, 0)), List.of(), List.of(), List.of());
        String line = new String(ReportRenderer.render(odd, ReportFormat.CSV), StandardCharsets.UTF_8).split("\r\n")[1];
        assertThat(line).startsWith("\"'=HYPERLINK(\"\"x\"\")\",\"a,b\",1,");
    }

    @Test
    void htmlIsSelfContainedEscapedAndStatesItsWindow() {
        String html = new String(ReportRenderer.render(SampleReports.shadow(), ReportFormat.HTML), StandardCharsets.UTF_8);
        assertThat(html).contains("Window 2026-11-20T00:00:00Z to 2026-11-21T00:00:00Z", "gateway 0.1.0-test", "computed from 255 records",
                "<svg", "class=\"series\"", "&lt;script&gt;alert(1)&lt;/script&gt;");
        assertThat(html).doesNotContain("<script", "http://", "https://", "<link", "@import", "url(");
        String empty = new String(ReportRenderer.render(new VerificationReport(SampleReports.header("verification", 0), List.of(), List.of()),
                ReportFormat.HTML), StandardCharsets.UTF_8);
        assertThat(empty).contains("no data in this window", "Nothing in this window.");
    }

    @Test
    void formatsAreNamedAndAWindowCannotEndBeforeItStarts() {
        assertThat(ReportFormat.parse(" HTML ")).isEqualTo(ReportFormat.HTML);
        assertThatThrownBy(() -> ReportFormat.parse("pdf")).hasMessageContaining("json, csv or html");
        Instant now = Instant.now();
        assertThatThrownBy(() -> new ReportHeader("shadow", now, now.minusSeconds(1), List.of(), List.of(), 0, "v"))
                .hasMessageContaining("before it starts");
    }
}
