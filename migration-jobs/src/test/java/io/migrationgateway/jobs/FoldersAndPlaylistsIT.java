package io.migrationgateway.jobs;

import static io.migrationgateway.jobs.JobsFixture.runToEnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.jobs.store.Finding;
import io.migrationgateway.storage.GroupResource;
import io.migrationgateway.storage.ObjectKey;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue items 1 and 3 for folders and playlists: the seeded ones and a few hundred generated ones (a folder tree, and
 * playlists of up to three items stored out of order) are copied as their translators convert them, verify at full
 * parity, and a change planted in the legacy tables is found with its path.
 */
class FoldersAndPlaylistsIT {
    private static final String FOLDERS = "folders.folder.grafana.app";
    private static final String PLAYLISTS = "playlists.playlist.grafana.app";
    private static final int GENERATED = 300;

    private final JobsFixture fixture = new JobsFixture().seeded();
    private final MigrationJobs jobs = fixture.jobs(JobSettings.defaults().withChunks(Duration.ofMillis(100), 40, 200)
        .withSliceRows(120));

    @AfterEach
    void close() throws Exception {
        fixture.close();
    }

    @Test
    void foldersAreCopiedAndVerifiedAndARenameAndAMoveAreFoundAtTheirPaths() throws Exception {
        fixture.legacySql("INSERT INTO dashboard (version, slug, title, data, org_id, created, updated, created_by, "
            + "updated_by, is_folder, uid, folder_uid) SELECT 1 + i % 3, 'gen-folder-' || i, 'Generated folder ' || i, "
            + "json_build_object('title', 'Generated folder ' || i, 'uid', 'gen-folder-' || i)::text, 1, "
            + "timestamp '2024-01-01', timestamp '2024-01-02', 1, 1, true, 'gen-folder-' || i, "
            + "CASE WHEN i > 1 THEN 'gen-folder-' || i / 2 END FROM generate_series(1, " + GENERATED + ") i");
        fixture.legacySql("INSERT INTO folder (uid, org_id, title, description, parent_uid, created, updated) "
            + "SELECT 'gen-folder-' || i, 1, 'Generated folder ' || i, CASE WHEN i % 4 = 0 THEN 'about ' || i END, "
            + "CASE WHEN i > 1 THEN 'gen-folder-' || i / 2 ELSE '' END, timestamp '2024-01-01', timestamp '2024-01-02' "
            + "FROM generate_series(1, " + GENERATED + ") i");
        long rows = fixture.legacyCount("SELECT count(*) FROM dashboard d JOIN folder f ON f.org_id = d.org_id "
            + "AND f.uid = d.uid WHERE d.is_folder AND d.deleted IS NULL");

        JobStatus copied = runToEnd(jobs, spec(JobKind.COPY, FOLDERS));

        assertThat(copied.state()).as(copied.message()).isEqualTo(JobState.SUCCEEDED);
        assertThat(copied.counts().processed()).isEqualTo(rows);
        assertThat(copied.counts().created()).isGreaterThanOrEqualTo(GENERATED)
            .isEqualTo(rows - copied.counts().unconvertible());
        var folder = fixture.store.get(new ObjectKey(new GroupResource("folder.grafana.app", "folders"), "default",
            "gen-folder-12"));
        assertThat(folder.at("/spec/title").asText()).isEqualTo("Generated folder 12");
        assertThat(folder.at("/spec/description").asText()).isEqualTo("about 12");
        assertThat(folder.at("/metadata/annotations/grafana.app~1folder").asText()).isEqualTo("gen-folder-6");
        assertThat(folder.at("/metadata/generation").asLong()).isEqualTo(1);
        assertClean(runToEnd(jobs, spec(JobKind.VERIFY, FOLDERS)), copied);

        fixture.legacySql("UPDATE folder SET title = 'Renamed in legacy' WHERE uid = 'gen-folder-10'");
        fixture.legacySql("UPDATE folder SET parent_uid = '' WHERE uid = 'gen-folder-21'");
        JobStatus verified = runToEnd(jobs, spec(JobKind.VERIFY, FOLDERS));

        assertThat(verified.counts().mismatched()).isEqualTo(2);
        assertThat(jobs.findings(verified.id(), 100)).filteredOn(f -> f.kind().equals("mismatch"))
            .extracting(Finding::name, Finding::paths).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("gen-folder-10", java.util.List.of("$.spec.title")),
                org.assertj.core.groups.Tuple.tuple("gen-folder-21",
                    java.util.List.of("$.metadata.annotations['grafana.app/folder']")));
    }

    @Test
    void playlistsAreCopiedWithTheirItemsInOrderAndAChangedItemIsFoundAtItsPath() throws Exception {
        fixture.legacySql("INSERT INTO playlist (name, \"interval\", org_id, uid, created_at, updated_at) "
            + "SELECT 'Generated playlist ' || i, (i % 9 + 1) || 'm', 1, 'gen-playlist-' || i, 1700000000000 + i, "
            + "1700000000000 + 2 * i FROM generate_series(1, " + GENERATED + ") i");
        // items stored in the reverse of their order, up to three per playlist
        fixture.legacySql("INSERT INTO playlist_item (playlist_id, type, value, title, \"order\") "
            + "SELECT p.id, CASE WHEN k % 2 = 0 THEN 'dashboard_by_uid' ELSE 'dashboard_by_tag' END, "
            + "p.uid || '-item-' || k, 'title ' || k, 4 - k FROM playlist p, generate_series(1, 3) k "
            + "WHERE p.uid LIKE 'gen-playlist-%' AND k <= p.id % 4");
        long rows = fixture.legacyCount("SELECT count(*) FROM playlist");

        JobStatus copied = runToEnd(jobs, spec(JobKind.COPY, PLAYLISTS));

        assertThat(copied.state()).as(copied.message()).isEqualTo(JobState.SUCCEEDED);
        assertThat(copied.counts().processed()).isEqualTo(rows);
        assertThat(copied.counts().created()).isGreaterThanOrEqualTo(GENERATED)
            .isEqualTo(rows - copied.counts().unconvertible());
        String threeItems = text("SELECT p.uid FROM playlist p WHERE p.uid LIKE 'gen-playlist-%' AND p.id % 4 = 3 "
            + "ORDER BY p.id LIMIT 1");
        var playlist = fixture.store.get(new ObjectKey(new GroupResource("playlist.grafana.app", "playlists"), "default",
            threeItems));
        assertThat(playlist.at("/spec/items").findValuesAsText("value")).containsExactly(threeItems + "-item-3",
            threeItems + "-item-2", threeItems + "-item-1");
        assertClean(runToEnd(jobs, spec(JobKind.VERIFY, PLAYLISTS)), copied);

        fixture.legacySql("UPDATE playlist_item SET value = 'changed in legacy' WHERE value = '" + threeItems
            + "-item-2'");
        fixture.legacySql("UPDATE playlist SET \"interval\" = '99m' WHERE uid = 'gen-playlist-8'");
        JobStatus verified = runToEnd(jobs, spec(JobKind.VERIFY, PLAYLISTS));

        assertThat(verified.counts().mismatched()).isEqualTo(2);
        assertThat(jobs.findings(verified.id(), 100)).filteredOn(f -> f.kind().equals("mismatch"))
            .extracting(Finding::name, Finding::paths).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple(threeItems, java.util.List.of("$.spec.items[1].value")),
                org.assertj.core.groups.Tuple.tuple("gen-playlist-8", java.util.List.of("$.spec.interval")));
    }

    @Test
    void aReverseCopyOfATableThatCannotBeWrittenBackIsRefused() {
        assertThatThrownBy(() -> jobs.start(spec(JobKind.REVERSE_COPY, PLAYLISTS)))
            .isInstanceOfSatisfying(JobException.class,
                e -> assertThat(e.reason()).isEqualTo(JobException.Reason.BAD_REQUEST))
            .hasMessageContaining("no reverse copy for resource " + PLAYLISTS);
    }

    /** Every copied object matches its row; the rows unified storage refused (their uids are no names) are missing. */
    private static void assertClean(JobStatus verified, JobStatus copied) {
        assertThat(verified.state()).as(verified.message()).isEqualTo(JobState.SUCCEEDED);
        assertThat(verified.counts().processed()).isEqualTo(copied.counts().processed());
        assertThat(verified.counts().matching()).isEqualTo(copied.counts().created());
        assertThat(verified.counts()).extracting(Counts::mismatched, Counts::extra).containsExactly(0L, 0L);
        assertThat(verified.counts().missing() + verified.counts().unconvertible())
            .isEqualTo(copied.counts().unconvertible());
    }

    private String text(String sql) throws Exception {
        try (Connection c = fixture.legacy.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static JobSpec spec(JobKind kind, String resource) {
        return new JobSpec(kind, resource, Optional.empty());
    }
}
