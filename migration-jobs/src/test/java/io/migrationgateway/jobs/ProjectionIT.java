package io.migrationgateway.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.translators.grafana.GrafanaResources;
import io.migrationgateway.translators.hash.CanonicalJson;
import io.migrationgateway.translators.table.Fingerprint;
import io.migrationgateway.translators.table.KeyRange;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.table.LegacyTable;
import io.migrationgateway.legacysim.seed.BulkLoader;
import io.migrationgateway.legacysim.seed.DashboardGenerator;
import io.migrationgateway.translators.RowConverter.Converted;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.table.LegacyTables;
import java.sql.Connection;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The canonical projection read from a legacy row hashes exactly as the one read from the object the translator
 * converts that row into, for every real seeded dashboard, folder, playlist and service account and for generated realistic dashboards:
 * a verification right after a copy finds every row equal by hash, without a row-level comparison.
 */
class ProjectionIT {
    @Test
    void everyRowHashesAsItsConversion() throws Exception {
        try (JobsFixture fixture = new JobsFixture().seeded()) {
            new BulkLoader(fixture.legacy, Clock.systemUTC(), 500)
                .load(1, 500, DashboardGenerator.fromSeedDashboards(7), (done, total) -> { });
            LegacyTables tables = GrafanaResources.tables(JobsFixture.TRANSLATORS);

            for (String resource : tables.resources()) {
                int compared = hashesAlike(fixture, tables.forResource(resource).orElseThrow());
                assertThat(compared).as(resource).isGreaterThanOrEqualTo(resource.startsWith("dashboards") ? 600 : 3);
            }
        }
    }

    /** Asserts that each convertible row's hash is its conversion's; how many there were. */
    private static <R> int hashesAlike(JobsFixture fixture, LegacyTable<R> table) throws Exception {
        CanonicalJson hasher = new CanonicalJson();
        int compared = 0;
        try (Connection c = fixture.legacy.getConnection()) {
            List<Fingerprint> fingerprints = table.fingerprints(c, new KeyRange(0, Long.MAX_VALUE),
                OptionalLong.empty(), Integer.MAX_VALUE);
            Map<Long, LegacyRow<R>> rows = table.readIds(c, fingerprints.stream().map(Fingerprint::id).toList());
            for (Fingerprint fingerprint : fingerprints) {
                if (table.converter().toResource(rows.get(fingerprint.id()).row()) instanceof Converted converted) {
                    assertThat(fingerprint.hash()).as(fingerprint.uid()).isNotNull()
                        .isEqualTo(table.projection().unifiedHash(Json.bytes(converted.object()), hasher));
                    compared++;
                }
            }
        }
        return compared;
    }
}
