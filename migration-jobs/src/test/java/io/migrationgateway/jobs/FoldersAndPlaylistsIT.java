package io.migrationgateway.jobs;

import static io.migrationgateway.jobs.JobsFixture.runToEnd;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.jobs.spec.Counts;
import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobSettings;
import io.migrationgateway.jobs.spec.JobSpec;
import io.migrationgateway.jobs.spec.JobState;
import io.migrationgateway.jobs.spec.JobStatus;
import io.migrationgateway.jobs.store.Finding;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ObjectKey;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Copy and verify of folders and playlists: the seeded ones and a few hundred generated ones (a folder tree, and
 * playlists of up to three items stored out of order) are copied as their translators convert them, verify at full
 * parity, and a change planted in the legacy tables is found with its path.
 */
class FoldersAndPlaylistsIT {
    private static final String FOLDERS = "folders.folder.grafana.app";
    private static final String PLAYLISTS = "playlists.playlist.grafana.app";
    private static final int GENERATED = 300;
    private static final GroupResource FOLDER_GR = new GroupResource("folder.grafana.app", "folders");
    private static final GroupResource PLAYLIST_GR = new GroupResource("playlist.grafana.app", "playlists");

    private final JobsFixture fixture = new JobsFixture().seeded();
    private final MigrationJobs jobs = fixture.jobs(JobSettings.defaults().withChunks(Duration.ofMillis(100), 40, 200)
        .withSliceRows(120));

    @AfterEach
    void close() throws Exception {
        fixture.close();
    }

    @Test
    void foldersAreCopiedAndVerifiedAndARenameAndAMoveAreFoundAtTheirPaths() throws Exception {
        generateFolders();
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
        generatePlaylists();
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
    void foldersAndPlaylistsChangedOrMadeInUnifiedStorageGoBackToTheirRowsAndVerifyAtFullParity() throws Exception {
        generateFolders();
        generatePlaylists();
        assertThat(runToEnd(jobs, spec(JobKind.COPY, FOLDERS)).state()).isEqualTo(JobState.SUCCEEDED);
        assertThat(runToEnd(jobs, spec(JobKind.COPY, PLAYLISTS)).state()).isEqualTo(JobState.SUCCEEDED);
        // version 2 in legacy; the rename makes generation 3
        change(FOLDER_GR, "gen-folder-10", o -> ((ObjectNode) o.get("spec")).put("title", "Renamed in unified"));
        change(FOLDER_GR, "gen-folder-21", o -> ((ObjectNode) o.at("/metadata/annotations")).put("grafana.app/folder", ""));
        create(FOLDER_GR, "gen-folder-2", "made-in-unified", o -> ((ObjectNode) o.get("spec")).put("title", "Made in unified"));
        String threeItems = text("SELECT p.uid FROM playlist p WHERE p.uid LIKE 'gen-playlist-%' AND p.id % 4 = 3 "
            + "ORDER BY p.id LIMIT 1");
        change(PLAYLIST_GR, threeItems, o -> {
            ObjectNode spec = (ObjectNode) o.get("spec");
            spec.put("interval", "42m");
            ArrayNode items = (ArrayNode) spec.get("items");
            items.insert(0, items.remove(2));
            newer(o);
        });
        create(PLAYLIST_GR, threeItems, "made-in-unified", o -> ((ObjectNode) o.get("spec")).put("title", "Made in unified"));
        long folders = fixture.store.list(FOLDER_GR, ListOptions.all(null)).items().size();
        long playlists = fixture.store.list(PLAYLIST_GR, ListOptions.all(null)).items().size();

        JobStatus foldersBack = runToEnd(jobs, spec(JobKind.REVERSE_COPY, FOLDERS));
        JobStatus playlistsBack = runToEnd(jobs, spec(JobKind.REVERSE_COPY, PLAYLISTS));

        assertThat(foldersBack.state()).as(foldersBack.message()).isEqualTo(JobState.SUCCEEDED);
        assertThat(foldersBack.message()).isEqualTo("parity: " + folders + " of " + folders + " rows match");
        assertThat(playlistsBack.state()).as(playlistsBack.message()).isEqualTo(JobState.SUCCEEDED);
        assertThat(playlistsBack.message()).isEqualTo("parity: " + playlists + " of " + playlists + " rows match");
        assertThat(text("SELECT f.title || ' v' || d.version FROM folder f JOIN dashboard d ON d.org_id = f.org_id "
            + "AND d.uid = f.uid WHERE f.uid = 'gen-folder-10'")).isEqualTo("Renamed in unified v3");
        assertThat(text("SELECT parent_uid || '|' || coalesce(d.folder_uid, 'null') FROM folder f JOIN dashboard d "
            + "ON d.org_id = f.org_id AND d.uid = f.uid WHERE f.uid = 'gen-folder-21'")).isEqualTo("|null");
        assertThat(text("SELECT d.id || ' ' || f.title || ' ' || d.is_folder FROM folder f JOIN dashboard d "
            + "ON d.org_id = f.org_id AND d.uid = f.uid WHERE f.uid = 'made-in-unified'"))
            .isEqualTo(label(FOLDER_GR, "made-in-unified") + " Made in unified true");
        assertThat(text("SELECT p.\"interval\" || ' ' || string_agg(i.value || ':' || i.title, ',' ORDER BY i.\"order\") "
            + "FROM playlist p JOIN playlist_item i ON i.playlist_id = p.id WHERE p.uid = '" + threeItems + "' "
            + "GROUP BY p.\"interval\"")).isEqualTo("42m " + threeItems + "-item-1:title 1," + threeItems + "-item-3:title 3,"
            + threeItems + "-item-2:title 2");
        assertThat(text("SELECT id || ' ' || name FROM playlist WHERE uid = 'made-in-unified'"))
            .isEqualTo(label(PLAYLIST_GR, "made-in-unified") + " Made in unified");
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

    /** A folder tree of {@value #GENERATED} folders under gen-folder-1, with a description on every fourth. */
    private void generateFolders() throws Exception {
        fixture.legacySql("INSERT INTO dashboard (version, slug, title, data, org_id, created, updated, created_by, "
            + "updated_by, is_folder, uid, folder_uid) SELECT 1 + i % 3, 'gen-folder-' || i, 'Generated folder ' || i, "
            + "json_build_object('title', 'Generated folder ' || i, 'uid', 'gen-folder-' || i)::text, 1, "
            + "timestamp '2024-01-01', timestamp '2024-01-02', 1, 1, true, 'gen-folder-' || i, "
            + "CASE WHEN i > 1 THEN 'gen-folder-' || i / 2 END FROM generate_series(1, " + GENERATED + ") i");
        fixture.legacySql("INSERT INTO folder (uid, org_id, title, description, parent_uid, created, updated) "
            + "SELECT 'gen-folder-' || i, 1, 'Generated folder ' || i, CASE WHEN i % 4 = 0 THEN 'about ' || i END, "
            + "CASE WHEN i > 1 THEN 'gen-folder-' || i / 2 ELSE '' END, timestamp '2024-01-01', timestamp '2024-01-02' "
            + "FROM generate_series(1, " + GENERATED + ") i");
    }

    /** {@value #GENERATED} playlists of up to three items each, stored in the reverse of their order. */
    private void generatePlaylists() throws Exception {
        fixture.legacySql("INSERT INTO playlist (name, \"interval\", org_id, uid, created_at, updated_at) "
            + "SELECT 'Generated playlist ' || i, (i % 9 + 1) || 'm', 1, 'gen-playlist-' || i, 1700000000000 + i, "
            + "1700000000000 + 2 * i FROM generate_series(1, " + GENERATED + ") i");
        fixture.legacySql("INSERT INTO playlist_item (playlist_id, type, value, title, \"order\") "
            + "SELECT p.id, CASE WHEN k % 2 = 0 THEN 'dashboard_by_uid' ELSE 'dashboard_by_tag' END, "
            + "p.uid || '-item-' || k, 'title ' || k, 4 - k FROM playlist p, generate_series(1, 3) k "
            + "WHERE p.uid LIKE 'gen-playlist-%' AND k <= p.id % 4");
    }

    private void change(GroupResource resource, String name, Consumer<ObjectNode> change) {
        fixture.store.guaranteedUpdate(new ObjectKey(resource, "default", name), o -> {
            change.accept(o);
            return o;
        });
    }

    /** An object made in unified storage, like {@code model}: no legacy id label, a new name. */
    private void create(GroupResource resource, String model, String name, Consumer<ObjectNode> change) {
        ObjectNode object = fixture.store.get(new ObjectKey(resource, "default", model)).deepCopy();
        ((ObjectNode) object.get("metadata")).put("name", name).remove(List.of("uid", "resourceVersion", "labels"));
        newer(object);
        change.accept(object);
        fixture.store.create(resource, object);
    }

    /** Playlists have no version: a write in unified storage is newer by its update time. */
    private static void newer(ObjectNode object) {
        ((ObjectNode) object.get("metadata")).withObjectProperty("annotations")
            .put("grafana.app/updatedTimestamp", Instant.now().toString());
    }

    private String label(GroupResource resource, String name) {
        return fixture.store.get(new ObjectKey(resource, "default", name)).at("/metadata/labels")
            .path("grafana.app/deprecatedInternalID").asText();
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
