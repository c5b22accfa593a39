package io.migrationgateway.storage.sql;

import static io.migrationgateway.storage.sql.StoreFixture.DASHBOARDS;
import static io.migrationgateway.storage.sql.StoreFixture.dashboard;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.FieldSelector;
import io.migrationgateway.storage.LabelSelector;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.storage.WatchOptions;
import io.migrationgateway.storage.Preconditions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import io.migrationgateway.testsupport.MutableClock;

class ObjectVersionsIT {
    private static final GroupResource PLAYLISTS = new GroupResource("playlist.grafana.app", "playlists");

    private final StoreFixture fixture = new StoreFixture();
    private final MutableClock clock = new MutableClock(Instant.parse("2024-01-01T10:00:00Z"));
    private final PostgresResourceStore store = fixture.store(clock,
        StorageSettings.defaults().withVersionsKept(Map.of(DASHBOARDS, 3)));

    @AfterEach
    void close() {
        fixture.close();
    }

    @Test
    void versionsAreTheGenerationsNewestFirstEachInItsLastState() {
        store.create(DASHBOARDS, dashboard("default", "a", "one"));
        store.update(DASHBOARDS, dashboard("default", "a", "two"));
        // a label alone keeps generation 2: the version's state is the later write
        store.update(DASHBOARDS, dashboard("default", "a", "two", "team", "blue"));
        store.update(DASHBOARDS, dashboard("default", "a", "three"));

        List<ObjectNode> versions = store.versions(key("a"), 0, 10);

        assertThat(versions).extracting(v -> v.at("/metadata/generation").asLong()).containsExactly(3L, 2L, 1L);
        assertThat(versions).extracting(v -> v.at("/spec/title").asText()).containsExactly("three", "two", "one");
        assertThat(versions.get(1).at("/metadata/labels/team").asText()).isEqualTo("blue");
        assertThat(store.version(key("a"), 2)).hasValueSatisfying(v -> assertThat(v.at("/spec/title").asText()).isEqualTo("two"));
        assertThat(store.version(key("a"), 4)).isEmpty();
    }

    @Test
    void aPageSkipsTheNewestAndStopsAtItsLimit() {
        store.create(DASHBOARDS, dashboard("default", "a", "v1"));
        for (int i = 2; i <= 6; i++) {
            store.update(DASHBOARDS, dashboard("default", "a", "v" + i));
        }

        assertThat(store.versions(key("a"), 1, 2)).extracting(v -> v.at("/spec/title").asText()).containsExactly("v5", "v4");
        assertThat(store.versions(key("a"), 5, 10)).extracting(v -> v.at("/spec/title").asText()).containsExactly("v1");
        assertThat(store.versions(key("a"), 6, 10)).isEmpty();
    }

    @Test
    void anObjectCreatedAgainUnderItsNameStartsANewHistoryAndAMissingOneHasNone() {
        store.create(DASHBOARDS, dashboard("default", "a", "old one"));
        store.update(DASHBOARDS, dashboard("default", "a", "old two"));
        store.delete(key("a"), Preconditions.NONE);
        assertThat(store.versions(key("a"), 0, 10)).isEmpty();
        assertThat(store.version(key("a"), 1)).isEmpty();

        store.create(DASHBOARDS, dashboard("default", "a", "new one"));

        assertThat(store.versions(key("a"), 0, 10)).extracting(v -> v.at("/spec/title").asText()).containsExactly("new one");
        assertThat(store.versions(new ObjectKey(DASHBOARDS, "other", "a"), 0, 10)).isEmpty();
    }

    @Test
    void compactionKeepsTheNewestVersionsOfAKindThatKeepsThemAndOnlyWhatListsNeedOfOthers() throws Exception {
        store.create(DASHBOARDS, dashboard("default", "a", "v1"));
        store.create(PLAYLISTS, dashboard("default", "p", "v1"));
        for (int i = 2; i <= 5; i++) {
            store.update(DASHBOARDS, dashboard("default", "a", "v" + i));
            store.update(PLAYLISTS, dashboard("default", "p", "v" + i));
        }
        store.update(DASHBOARDS, dashboard("default", "a", "v5", "team", "blue")); // same generation, later state
        store.create(DASHBOARDS, dashboard("default", "gone", "v1"));
        store.update(DASHBOARDS, dashboard("default", "gone", "v2"));
        store.delete(key("gone"), Preconditions.NONE);
        clock.advance(Duration.ofHours(1));

        store.compactOlderThan(Duration.ZERO);

        assertThat(store.versions(key("a"), 0, 10)).extracting(v -> v.at("/spec/title").asText()).containsExactly("v5", "v4", "v3");
        assertThat(store.versions(key("a"), 0, 1).getFirst().at("/metadata/labels/team").asText()).isEqualTo("blue");
        assertThat(fixture.count("SELECT count(*) FROM resource_history WHERE name = 'a'")).isEqualTo(3);
        assertThat(fixture.count("SELECT count(*) FROM resource_history WHERE name = 'p'")).isEqualTo(1);
        assertThat(fixture.count("SELECT count(*) FROM resource_history WHERE name = 'gone'")).isZero();
    }

    @Test
    void earlierVersionsImportedWithAnObjectAreHistoryOnlyAndWrittenOnce() throws Exception {
        store.create(DASHBOARDS, dashboard("default", "a", "A"));
        long before = store.latestResourceVersion(DASHBOARDS);
        List<ObjectNode> earlier = List.of(copied("b", "v1", 1), copied("b", "v2", 2), copied("missing", "v1", 1));

        store.importNewer(DASHBOARDS, List.of(copied("b", "v3", 3)), earlier, Long.MAX_VALUE, (c, r) -> { });
        store.importNewer(DASHBOARDS, List.of(copied("b", "v3", 3)), earlier, Long.MAX_VALUE, (c, r) -> { });

        assertThat(store.versions(key("b"), 0, 10)).extracting(v -> v.at("/spec/title").asText()).containsExactly("v3", "v2", "v1");
        assertThat(fixture.count("SELECT count(*) FROM resource_history WHERE name = 'b'")).as("written once").isEqualTo(3);
        assertThat(fixture.count("SELECT count(*) FROM resource_history WHERE name = 'missing'")).isZero();
        ListPage first = store.list(DASHBOARDS, new ListOptions("default", LabelSelector.EVERYTHING, FieldSelector.EVERYTHING, 1, null));
        ListPage rest = store.list(DASHBOARDS, new ListOptions("default", LabelSelector.EVERYTHING, FieldSelector.EVERYTHING, 1,
            first.continueToken()));
        assertThat(rest.items()).extracting(o -> o.at("/spec/title").asText()).as("a list at a version sees the object")
            .containsExactly("v3");
        try (Watch watch = store.watch(DASHBOARDS, new WatchOptions(null, LabelSelector.EVERYTHING, FieldSelector.EVERYTHING,
            Long.toString(before)))) {
            List<WatchEvent> events = StoreFixture.take(watch, 3, Duration.ofSeconds(1));
            assertThat(events).extracting(WatchEvent::type).as("a replay sees one write").containsExactly(WatchEvent.Type.ADDED);
        }

        clock.advance(Duration.ofHours(1));
        store.update(DASHBOARDS, copied("b", "v4", 4));
        store.compactOlderThan(Duration.ZERO);
        assertThat(store.versions(key("b"), 0, 10)).extracting(v -> v.at("/spec/title").asText()).containsExactly("v4", "v3", "v2");
        assertThat(store.list(DASHBOARDS, ListOptions.all("default")).items()).hasSize(2);
    }

    private static ObjectNode copied(String name, String title, long generation) {
        ObjectNode object = dashboard("default", name, title);
        object.with("metadata").put("generation", generation);
        return object;
    }

    /** DESIGN §11: one object's versions cost its own history rows, whatever the number of objects of the kind. */
    @Test
    void readingOneObjectsVersionsAmongTwentyThousandUsesTheKeyIndex() throws Exception {
        List<ObjectNode> objects = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            ObjectNode copied = dashboard("default", "d" + i, "title " + i);
            copied.with("metadata").put("generation", 1); // a copy carries the legacy version
            objects.add(copied);
        }
        for (int from = 0; from < objects.size(); from += 2_000) {
            store.importNewer(DASHBOARDS, objects.subList(from, from + 2_000), Long.MAX_VALUE, (c, r) -> { });
        }
        store.update(DASHBOARDS, dashboard("default", "d12345", "changed"));
        String plan = plan(VersionQueries.PAGE, "dashboard.grafana.app", "dashboards", "default", "d12345", 0L, 10);

        assertThat(store.versions(key("d12345"), 0, 10)).extracting(v -> v.at("/spec/title").asText())
            .containsExactly("changed", "title 12345");
        assertThat(plan).contains("resource_history_key_rv").doesNotContain("Seq Scan");
    }

    private String plan(String sql, Object... parameters) throws SQLException {
        StringBuilder plan = new StringBuilder();
        try (Connection c = fixture.dataSource.getConnection()) {
            c.createStatement().execute("ANALYZE");
            try (PreparedStatement ps = c.prepareStatement("EXPLAIN " + sql)) {
                for (int i = 0; i < parameters.length; i++) {
                    ps.setObject(i + 1, parameters[i]);
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        plan.append(rs.getString(1)).append('\n');
                    }
                }
            }
        }
        return plan.toString();
    }

    private static ObjectKey key(String name) {
        return new ObjectKey(DASHBOARDS, "default", name);
    }
}
