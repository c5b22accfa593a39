package io.migrationgateway.gateway.shadow;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.gateway.budget.CpuBudget;
import io.migrationgateway.gateway.compare.Answer;
import io.migrationgateway.gateway.compare.Difference;
import io.migrationgateway.gateway.config.DatabaseConfig;
import io.migrationgateway.gateway.db.GatewayDatabase;
import io.migrationgateway.gateway.shadow.ShadowRead.ReadScope;
import io.migrationgateway.gateway.shadow.ShadowRecords.Compared;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.migrationgateway.testsupport.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Compared reads stored in batches: counters, classification against the counts after the batch, one row per read. */
class ShadowRecordsIT {
    private static final ReadScope GET = new ReadScope("dashboards.dashboard.grafana.app", "default", "dashboards.get", "a");
    private static final Answer OK = new Answer(200, "{}".getBytes(), 0.002);
    private static final NoiseThresholds DIFFY = new NoiseThresholds(0.2, 0.0003);

    private static String schema;
    private static GatewayDatabase database;
    private static ShadowRecords records;

    @BeforeAll
    static void migrate() {
        schema = TestDatabase.newSchema();
        database = GatewayDatabase.open(new DatabaseConfig(TestDatabase.url(), "", "", schema, 4), Path.of("unused"));
        records = new ShadowRecords(database.dataSource());
    }

    @AfterAll
    static void drop() {
        database.close();
        TestDatabase.dropSchema(schema);
    }

    private static Compared read(List<Difference> raw, Optional<List<Difference>> noise) {
        return new Compared(GET, Mode.SHADOW, OK, OK, raw, noise);
    }

    @Test
    void aBatchIsCountedAndClassifiedAgainstItsOwnCounts() throws Exception {
        Difference folder = new Difference("$.meta.folderTitle", "\"General\"", "\"Wrong\"");
        Difference expires = new Difference("$.meta.expires", "\"1\"", "\"2\"");
        List<Compared> batch = new ArrayList<>();
        batch.add(read(List.of(), Optional.empty()));
        for (int i = 0; i < 4; i++) {
            // expires differs on every read and between two legacy answers too: noise; the folder differs only across sides
            batch.add(read(List.of(folder, expires), Optional.of(List.of(expires))));
        }

        List<Outcome> outcomes = records.storeCompared(batch, DIFFY);

        assertThat(outcomes).containsExactly(Outcome.MATCH, Outcome.MISMATCH, Outcome.MISMATCH, Outcome.MISMATCH, Outcome.MISMATCH);
        assertThat(query("SELECT compared || '/' || noise_checks FROM %s.shadow_route_counter WHERE route = 'dashboards.get'")).containsExactly("5/4");
        assertThat(query("SELECT path || ' ' || raw || '/' || noise FROM %s.shadow_path_counter ORDER BY path"))
                .containsExactly("$.meta.expires 4/4", "$.meta.folderTitle 4/0");
        assertThat(query("SELECT outcome FROM %s.shadow_comparison WHERE route = 'dashboards.get'")).hasSize(5);
        assertThat(query("SELECT paths->1->>'kind' FROM %s.shadow_comparison WHERE outcome = 'mismatch'"))
                .containsOnly("noise").hasSize(4);

        List<Outcome> onlyNoise = records.storeCompared(List.of(read(List.of(expires), Optional.empty())), DIFFY);

        assertThat(onlyNoise).containsExactly(Outcome.NOISE);
        assertThat(query("SELECT compared || '/' || noise_checks FROM %s.shadow_route_counter WHERE route = 'dashboards.get'")).containsExactly("6/4");
    }

    @Test
    void readsComparedWithinTheWritersLingerAreStoredInOneTransaction() throws Exception {
        ReadScope scope = new ReadScope("folders.folder.grafana.app", "default", "folders.get", "linger");
        try (ComparisonWriter writer = new ComparisonWriter(records, DIFFY, new OutcomeCounter(new SimpleMeterRegistry()),
                CpuBudget.UNLIMITED)) {
            for (int i = 0; i < 10; i++) {
                writer.add(new Compared(scope, Mode.SHADOW, OK, OK, List.of(), Optional.empty()));
                Thread.sleep(ComparisonWriter.LINGER.toMillis() / 50); // arriving one by one, the first alone in the queue
            }
        } // stores what is queued, then stops

        // rows one transaction inserted carry its id in xmin
        assertThat(query("SELECT count(*) || ' in ' || count(DISTINCT xmin::text) FROM %s.shadow_comparison WHERE route = 'folders.get'"))
                .containsExactly("10 in 1");
    }

    private static List<String> query(String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection c = database.dataSource().getConnection(); ResultSet rs = c.createStatement().executeQuery(sql.formatted(schema))) {
            while (rs.next()) {
                rows.add(rs.getString(1));
            }
        }
        return rows;
    }
}
