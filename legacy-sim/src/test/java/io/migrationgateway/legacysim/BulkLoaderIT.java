package io.migrationgateway.legacysim;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.legacysim.naming.Names;
import io.migrationgateway.legacysim.seed.BulkLoader;
import io.migrationgateway.legacysim.seed.DashboardGenerator;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** 5,000 generated dashboards loaded beside the seed, then read back through the legacy API and the tables. */
class BulkLoaderIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int COUNT = 5_000;
    private static final long ORG = 1;
    /** Generated dashboards per folder of the org, empty folders included; %s is max or min. */
    private static final String PER_FOLDER = """
            SELECT coalesce(%s(n), 0) FROM (
                SELECT count(d.id) AS n FROM dashboard f LEFT JOIN dashboard d ON d.folder_id = f.id AND d.title LIKE '%% · %%'
                WHERE f.org_id = ? AND f.is_folder GROUP BY f.id) per_folder""";

    private static SimulatorFixture sim;
    private static DashboardGenerator generator;
    private static BulkLoader.Result result;
    private static final List<long[]> progress = new ArrayList<>();
    private static Map<String, Long> before;
    private static Map<String, Long> after;

    @BeforeAll
    static void load() throws Exception {
        sim = SimulatorFixture.start();
        generator = DashboardGenerator.fromSeedDashboards(2024);
        before = counts();
        result = new BulkLoader(sim.sim().dataSource(), Clock.systemUTC(), 1_000)
                .load(ORG, COUNT, generator, (done, total) -> progress.add(new long[] {done, total}));
        after = counts(); // before any test saves through the API
    }

    @AfterAll
    static void stop() {
        sim.close();
    }

    @Test
    void progressIsReportedPerCommittedBatch() {
        assertThat(progress).extracting(p -> p[0]).containsExactly(1_000L, 2_000L, 3_000L, 4_000L, 5_000L);
        assertThat(progress).extracting(p -> p[1]).containsOnly((long) COUNT);
        assertThat(result.dashboards()).isEqualTo(COUNT);
    }

    @Test
    void loadedTablesHaveFreshPlannerStatistics() throws Exception {
        try (java.sql.Connection c = sim.sim().dataSource().getConnection();
             java.sql.PreparedStatement ps = c.prepareStatement(
                     "SELECT relname FROM pg_stat_user_tables WHERE schemaname = ? AND last_analyze IS NOT NULL ORDER BY relname")) {
            ps.setString(1, sim.schema());
            List<String> analyzed = new ArrayList<>();
            try (java.sql.ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    analyzed.add(rs.getString(1));
                }
            }
            assertThat(analyzed).contains("dashboard", "dashboard_tag", "dashboard_version");
        }
    }

    @Test
    void rowCountsAreExact() throws Exception {
        long expectedTags = 0;
        for (int i = 0; i < COUNT; i++) {
            expectedTags += generator.dashboard(i).tags().size();
        }
        assertThat(result.tags()).isEqualTo(expectedTags);
        assertThat(after.get("dashboards") - before.get("dashboards")).isEqualTo(COUNT);
        assertThat(after.get("versions") - before.get("versions")).isEqualTo(COUNT);
        assertThat(after.get("tags") - before.get("tags")).isEqualTo(expectedTags);
        assertThat(after.get("folders")).isEqualTo(before.get("folders"));
        assertThat(after.get("loadedAsCreated")).isEqualTo(COUNT);
    }

    @Test
    void dashboardsAreSpreadEvenlyOverTheOrgsFolders() {
        long folders = after.get("folders");
        assertThat(folders).isPositive();
        assertThat(after.get("fullestFolder")).isEqualTo((COUNT + folders - 1) / folders);
        assertThat(after.get("emptiestFolder")).isEqualTo(COUNT / folders);
    }

    @Test
    void aSampleReadsBackThroughTheApi() throws Exception {
        for (int index = 0; index < COUNT; index += 97) {
            DashboardGenerator.Generated expected = generator.dashboard(index);
            HttpResponse<String> response = sim.get("/api/dashboards/uid/" + expected.uid(), SimulatorFixture.admin());

            assertThat(response.statusCode()).as(expected.uid()).isEqualTo(200);
            JsonNode dashboard = JSON.readTree(response.body()).get("dashboard");
            JsonNode meta = JSON.readTree(response.body()).get("meta");
            assertThat(dashboard.get("title").asText()).isEqualTo(expected.title());
            assertThat(dashboard.get("version").asInt()).isEqualTo(1);
            assertThat(meta.get("version").asInt()).isEqualTo(1);
            assertThat(meta.get("slug").asText()).isEqualTo(Names.slugify(expected.title()));
            assertThat(meta.get("createdBy").asText()).isEqualTo("admin");
            assertThat(meta.get("folderUid").asText()).isNotEmpty();
            assertThat(JSON.convertValue(dashboard.get("tags"), List.class)).isEqualTo(expected.tags());
            assertThat(dashboard.get("panels")).hasSize(((List<?>) expected.model().get("panels")).size());
        }
    }

    @Test
    void aLoadedDashboardHasOneVersionAndSavesLikeAnyOther() throws Exception {
        DashboardGenerator.Generated loaded = generator.dashboard(4_321);
        Map<String, Object> edited = loaded.model();
        edited.put("version", 1);
        edited.put("refresh", "1m");

        JsonNode versions = JSON.readTree(sim.get("/api/dashboards/uid/" + loaded.uid() + "/versions", SimulatorFixture.admin()).body());
        HttpResponse<String> saved = sim.post("/api/dashboards/db", SimulatorFixture.admin(),
                JSON.writeValueAsString(Map.of("dashboard", edited)));

        assertThat(versions).hasSize(1);
        assertThat(versions.get(0).get("version").asInt()).isEqualTo(1);
        assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
        assertThat(JSON.readTree(saved.body()).get("version").asInt()).isEqualTo(2);
    }

    /** Generated titles contain " · ", seed titles do not. */
    private static Map<String, Long> counts() throws SQLException {
        return Map.of(
                "loadedAsCreated", scalar("""
                        SELECT count(*) FROM dashboard d JOIN dashboard_version v ON v.dashboard_id = d.id
                        WHERE d.org_id = ? AND d.version = 1 AND v.version = 1 AND v.parent_version = 0
                          AND v.data = d.data AND d.slug <> '' AND d.folder_id > 0 AND d.title LIKE '% · %'"""),
                "dashboards", scalar("SELECT count(*) FROM dashboard WHERE org_id = ? AND NOT is_folder"),
                "folders", scalar("SELECT count(*) FROM dashboard WHERE org_id = ? AND is_folder"),
                "versions", scalar("SELECT count(*) FROM dashboard_version v JOIN dashboard d ON d.id = v.dashboard_id WHERE d.org_id = ?"),
                "tags", scalar("SELECT count(*) FROM dashboard_tag WHERE org_id = ?"),
                "fullestFolder", scalar(PER_FOLDER.formatted("max")),
                "emptiestFolder", scalar(PER_FOLDER.formatted("min")));
    }

    /** A count query with the org as its only parameter. */
    private static long scalar(String sql) throws SQLException {
        try (Connection c = sim.sim().dataSource().getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, ORG);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
