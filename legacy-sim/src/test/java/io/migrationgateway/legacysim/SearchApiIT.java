package io.migrationgateway.legacysim;

import static io.migrationgateway.legacysim.SimulatorFixture.fieldNames;
import static io.migrationgateway.legacysim.SimulatorFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code /api/search} as Grafana 9.3 answers it (reference §1.9), on the seeded simulator, which it only reads. Org 1
 * holds 122 dashboards and 40 folders (10 at the top level); org 2 holds 20 dashboards.
 */
class SearchApiIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> ALL_FOLDERS = List.of("Alerting", "Barchart", "Bargauge", "Bundled data sources",
            "Candlestick", "Canvas", "Cloudwatch", "Common", "Dashboards without uid", "Data sources", "Elasticsearch", "Gauge",
            "Geomap", "Graph", "Graphite", "HA test", "Heatmap", "Histogram", "Influxdb", "Library", "Loki", "Mssql", "Mysql",
            "Opentsdb", "Panels", "Piechart", "Polystat", "Postgres", "Prometheus", "Repeats", "Scenarios", "Stat", "Table",
            "Templating", "Testdata", "Testdata", "Text", "Timeline", "Timeseries", "Transforms");
    private static SimulatorFixture sim;

    @BeforeAll
    static void start() {
        sim = SimulatorFixture.start();
    }

    @AfterAll
    static void stop() {
        sim.close();
    }

    @Test
    void dashboardInAFolderIsAFullHit() throws Exception {
        long lokiFolderId = json(sim.get("/api/folders/ds-loki", SimulatorFixture.admin())).get("id").asLong();
        long dashboardId = json(sim.get("/api/dashboards/uid/22mq9eSVz", SimulatorFixture.admin())).get("dashboard").get("id").asLong();

        JsonNode hits = search("dashboardUIDs=22mq9eSVz");

        assertThat(hits).hasSize(1);
        assertThat(fieldNames(hits.get(0))).containsExactly("id", "uid", "title", "uri", "url", "slug", "type", "tags", "isStarred",
                "folderId", "folderUid", "folderTitle", "folderUrl", "sortMeta");
        assertThat(hits.get(0)).isEqualTo(JSON.readTree("{\"id\":" + dashboardId + ",\"uid\":\"22mq9eSVz\","
                + "\"title\":\"Datasource tests - Loki\",\"uri\":\"db/datasource-tests-loki\","
                + "\"url\":\"/d/22mq9eSVz/datasource-tests-loki\",\"slug\":\"\",\"type\":\"dash-db\","
                + "\"tags\":[\"datasource-test\",\"gdev\",\"loki\"],\"isStarred\":false,\"folderId\":" + lokiFolderId + ","
                + "\"folderUid\":\"ds-loki\",\"folderTitle\":\"Loki\",\"folderUrl\":\"/dashboards/f/ds-loki/loki\",\"sortMeta\":0}"));
    }

    @Test
    void rootDashboardsAndFoldersLeaveTheFolderFieldsOut() throws Exception {
        JsonNode root = search("dashboardUIDs=n1jR8vnnz").get(0);
        assertThat(fieldNames(root)).containsExactly("id", "uid", "title", "uri", "url", "slug", "type", "tags", "isStarred", "sortMeta");

        JsonNode folder = search("type=dash-folder&query=loki").get(0);
        assertThat(fieldNames(folder)).containsExactly("id", "uid", "title", "uri", "url", "slug", "type", "tags", "isStarred", "sortMeta");
        assertThat(folder.get("uid").asText()).isEqualTo("ds-loki");
        assertThat(folder.get("type").asText()).isEqualTo("dash-folder");
        assertThat(folder.get("url").asText()).isEqualTo("/dashboards/f/ds-loki/loki");
        assertThat(folder.get("uri").asText()).isEqualTo("db/loki");
        assertThat(folder.get("tags")).isEmpty();
    }

    @Test
    void withoutFiltersEverythingOfTheOrgComesSortedByTitleIgnoringCase() throws Exception {
        JsonNode all = search("");
        assertThat(all).hasSize(162);
        List<String> titles = titles(all);
        assertThat(titles).isSortedAccordingTo(String.CASE_INSENSITIVE_ORDER);
        assertThat(titles.subList(0, 3)).containsExactly("Alerting", "Alerting with TestData", "Amazon CloudWatch Logs");

        assertThat(search("type=dash-db")).hasSize(122);
        assertThat(titles(search("type=dash-folder"))).containsExactlyElementsOf(ALL_FOLDERS);
        assertThat(titles(search("type=dash-folder&sort=alpha-desc")).subList(0, 3)).containsExactly("Transforms", "Timeseries", "Timeline");
    }

    @Test
    void queryMatchesATitleSubstringIgnoringCase() throws Exception {
        assertThat(titles(search("query=ELASTICSEARCH"))).containsExactly("Datasource tests - Elasticsearch comparison",
                "Datasource tests - Elasticsearch v7", "Datasource tests - Elasticsearch v7 Filebeat", "Elasticsearch");
        assertThat(titles(search("query=ELASTICSEARCH&type=dash-folder"))).containsExactly("Elasticsearch");

        JsonNode stats = search("query=stats");
        assertThat(titles(stats)).containsExactly("Prometheus 2.0 Stats", "Prometheus 2.0 Stats", "Prometheus Stats");
        assertThat(stats.get(0).get("folderUid").asText()).as("equal titles keep their creation order").isEqualTo("bundled-prometheus");
        assertThat(stats.get(1).has("folderUid")).isFalse();
        assertThat(search("query=no%20such%20title")).isEmpty();
    }

    @Test
    void everyTagMustMatch() throws Exception {
        assertThat(titles(search("tag=gdev&tag=loki"))).containsExactly("Datasource tests - Loki");
        assertThat(titles(search("tag=demo&tag=graph-ng"))).containsExactly("New Features in v7.4", "New Features in v8.0", "Timeline Demo");
        assertThat(titles(search("tag=elasticsearch&tag=datasource-test"))).containsExactly(
                "Datasource tests - Elasticsearch comparison", "Datasource tests - Elasticsearch v7",
                "Datasource tests - Elasticsearch v7 Filebeat");
        assertThat(search("tag=loki&tag=mysql")).isEmpty();
        assertThat(search("tag=graph-ng")).hasSize(26);
    }

    @Test
    void folderUidsSelectWhatIsDirectlyInside() throws Exception {
        assertThat(titles(search("folderUIDs=ds-loki,ds-mssql"))).containsExactly("Datasource tests - Loki",
                "Datasource tests - MSSQL", "Datasource tests - MSSQL (unit test)");
        assertThat(titles(search("folderUIDs=ds-loki&folderUIDs=ds-mssql"))).containsExactlyElementsOf(
                titles(search("folderUIDs=ds-loki,ds-mssql")));
        assertThat(titles(search("folderUIDs=data-sources"))).as("subfolders are inside their parent")
                .containsExactly("Elasticsearch", "Influxdb", "Loki", "Mssql", "Mysql", "Opentsdb", "Postgres", "Testdata");
        assertThat(titles(search("folderUIDs=general"))).containsExactly("Alerting", "Bundled data sources",
                "Dashboards without uid", "Data sources", "Grafana", "Grafana Dev Overview & Home", "Graphite 4", "HA test",
                "Home", "Panel tests - All panels", "Panels", "Prometheus 2.0 Stats", "Repeats", "Scenarios",
                "Templated Graphs Nested", "Templating", "Transforms");
    }

    @Test
    void folderIdsUseTheLegacyFolderId() throws Exception {
        long lokiFolderId = json(sim.get("/api/folders/ds-loki", SimulatorFixture.admin())).get("id").asLong();
        long mssqlFolderId = json(sim.get("/api/folders/ds-mssql", SimulatorFixture.admin())).get("id").asLong();

        assertThat(titles(search("folderIds=" + lokiFolderId + "&folderIds=" + mssqlFolderId + "&folderIds=x")))
                .containsExactly("Datasource tests - Loki", "Datasource tests - MSSQL", "Datasource tests - MSSQL (unit test)");
        assertThat(search("folderIds=0")).as("folder rows have folder_id 0, so 0 is the root dashboards and every folder")
                .hasSize(7 + 40);
    }

    @Test
    void dashboardIdsAndUidsPickHits() throws Exception {
        long loki = json(sim.get("/api/dashboards/uid/22mq9eSVz", SimulatorFixture.admin())).get("dashboard").get("id").asLong();
        long allPanels = json(sim.get("/api/dashboards/uid/n1jR8vnnz", SimulatorFixture.admin())).get("dashboard").get("id").asLong();

        assertThat(titles(search("dashboardIds=" + loki + "," + allPanels))).containsExactly("Datasource tests - Loki", "Panel tests - All panels");
        assertThat(titles(search("dashboardIds=" + loki + "&dashboardIds=" + allPanels))).hasSize(2);
        assertThat(titles(search("dashboardUIDs=n1jR8vnnz&dashboardUIDs=22mq9eSVz&dashboardUIDs=ds-loki")))
                .containsExactly("Datasource tests - Loki", "Loki", "Panel tests - All panels");
        assertThat(titles(search("dashboardUID=22mq9eSVz"))).as("the alias Grafana 9 still reads").containsExactly("Datasource tests - Loki");
        assertThat(titles(search("dashboardUIDs=22mq9eSVz&type=dash-folder"))).isEmpty();
    }

    @Test
    void pagesWithLimitAndPage() throws Exception {
        List<String> pages = new ArrayList<>();
        pages.addAll(titles(search("type=dash-folder&limit=15&page=1")));
        assertThat(pages).hasSize(15);
        pages.addAll(titles(search("type=dash-folder&limit=15&page=2")));
        List<String> third = titles(search("type=dash-folder&limit=15&page=3"));
        assertThat(third).hasSize(10);
        pages.addAll(third);
        assertThat(pages).containsExactlyElementsOf(ALL_FOLDERS);
        assertThat(search("type=dash-folder&limit=15&page=4")).isEmpty();
        assertThat(titles(search("type=dash-folder&limit=2"))).containsExactly("Alerting", "Barchart");
        assertThat(search("limit=5000")).hasSize(162);

        HttpResponse<String> tooMany = sim.get("/api/search?limit=5001", SimulatorFixture.admin());
        assertThat(tooMany.statusCode()).isEqualTo(422);
        assertThat(json(tooMany)).isEqualTo(JSON.readTree(
                "{\"message\":\"Limit is above maximum allowed (5000), use page parameter to access hits beyond limit\"}"));
    }

    @Test
    void starredIsEmptyAsNobodyHasStars() throws Exception {
        assertThat(search("starred=true")).isEmpty();
        assertThat(search("starred=false&type=dash-db")).hasSize(122);
    }

    @Test
    void eachOrgSearchesOnlyItsOwnDashboards() throws Exception {
        HttpResponse<String> org2 = sim.send(sim.request("/api/search?type=dash-db", SimulatorFixture.admin())
                .header("X-Grafana-Org-Id", "2").build());
        assertThat(titles(json(org2))).containsExactly("Alerting with TestData", "Amazon CloudWatch Logs", "Amazon EBS",
                "Amazon EC2", "Amazon RDS", "AWS Lambda", "Datasource tests - Elasticsearch comparison",
                "Datasource tests - Elasticsearch v7", "Grafana metrics", "Graphite Carbon Metrics", "Metrictank", "MySQL Overview",
                "Overview", "Panel tests - All panels", "Panel Tests - Graph", "Panel Tests - Graph (Time Regions)",
                "Panel Tests - Polystat", "Prometheus 2.0 Stats", "Prometheus Stats", "Simple Streaming Example");
        HttpResponse<String> lokiInOrg2 = sim.send(sim.request("/api/search?query=loki", SimulatorFixture.admin())
                .header("X-Grafana-Org-Id", "2").build());
        assertThat(json(lokiInOrg2)).isEmpty();
    }

    @Test
    void anySignedInRoleMaySearch() throws Exception {
        assertThat(sim.get("/api/search?query=loki", SimulatorFixture.basic("viewer", "viewer")).statusCode()).isEqualTo(200);
        assertThat(sim.get("/api/search?query=loki", "Bearer " + SimulatorFixture.TOKEN).statusCode()).isEqualTo(200);
        assertThat(sim.get("/api/search?query=loki", null).statusCode()).isEqualTo(401);
    }

    private static JsonNode search(String query) throws Exception {
        HttpResponse<String> response = sim.get("/api/search?" + query, SimulatorFixture.admin());
        assertThat(response.statusCode()).as(query + ": " + response.body()).isEqualTo(200);
        return json(response);
    }

    private static List<String> titles(JsonNode hits) {
        List<String> titles = new ArrayList<>();
        hits.forEach(hit -> titles.add(hit.get("title").asText()));
        return titles;
    }

}
