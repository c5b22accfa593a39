package io.migrationgateway.storage.sql;

import static io.migrationgateway.storage.sql.StoreFixture.DASHBOARDS;
import static io.migrationgateway.storage.sql.StoreFixture.dashboard;
import static io.migrationgateway.storage.sql.StoreFixture.rv;
import static io.migrationgateway.storage.sql.StoreFixture.take;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.migrationgateway.storage.FieldSelector;
import io.migrationgateway.storage.LabelSelector;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ObjectImport.ImportResult;
import io.migrationgateway.storage.ObjectImport.Outcome;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.storage.WatchEvent.Type;
import io.migrationgateway.storage.WatchOptions;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ObjectImportIT {
    private final StoreFixture fixture = new StoreFixture();
    private final PostgresResourceStore store = fixture.store();

    @AfterEach
    void close() {
        fixture.close();
    }

    private static ObjectNode copied(String name, String title, int generation) {
        ObjectNode object = dashboard("default", name, title);
        ((ObjectNode) object.get("metadata")).put("generation", generation)
            .put("creationTimestamp", "2020-01-02T03:04:05Z").put("resourceVersion", "17");
        return object;
    }

    private ImportResult importAll(ObjectNode... objects) {
        return store.importNewer(DASHBOARDS, List.of(objects), Long.MAX_VALUE, (c, r) -> { });
    }

    @Test
    void importedObjectsKeepTheSourceGenerationAndCreationTimeAndGetTheStoresUidAndVersion() {
        ImportResult result = importAll(copied("a", "A", 7), copied("b", "B", 3));

        assertThat(result.outcomes()).containsExactly(Outcome.CREATED, Outcome.CREATED);
        ObjectNode a = store.get(new ObjectKey(DASHBOARDS, "default", "a"));
        assertThat(a.at("/metadata/generation").asInt()).isEqualTo(7);
        assertThat(a.at("/metadata/creationTimestamp").asText()).isEqualTo("2020-01-02T03:04:05Z");
        assertThat(a.at("/metadata/uid").asText()).hasSize(36);
        assertThat(rv(a)).isGreaterThan(17);
        assertThat(rv(store.get(new ObjectKey(DASHBOARDS, "default", "b")))).isGreaterThan(rv(a));
        assertThat(result.writtenVersions()).containsOnly(
                entry(0, rv(a)), entry(1, rv(store.get(new ObjectKey(DASHBOARDS, "default", "b")))));
    }

    @Test
    void anObjectStoredWithAHigherGenerationIsNeverReplacedByAnOlderCopy() {
        importAll(copied("a", "newer", 5));

        ImportResult result = importAll(copied("a", "older", 4));

        assertThat(result.outcomes()).containsExactly(Outcome.SKIPPED_NEWER);
        assertThat(result.writtenVersions()).isEmpty();
        assertThat(store.get(new ObjectKey(DASHBOARDS, "default", "a")).at("/spec/title").asText()).isEqualTo("newer");
    }

    @Test
    void anObjectDeletedAfterItsSourceWasReadIsNotBroughtBackButOneDeletedBeforeIs() {
        importAll(copied("held", "read before the delete", 1), copied("gone", "deleted earlier", 1));
        store.delete(new ObjectKey(DASHBOARDS, "default", "gone"), new Preconditions(null, null));
        long readAt = store.latestResourceVersion(DASHBOARDS);
        store.delete(new ObjectKey(DASHBOARDS, "default", "held"), new Preconditions(null, null));

        ImportResult result = store.importNewer(DASHBOARDS, List.of(copied("held", "read before the delete", 1),
            copied("gone", "made again", 1)), readAt, (c, r) -> { });

        assertThat(result.outcomes()).containsExactly(Outcome.SKIPPED_NEWER, Outcome.CREATED);
        assertThatThrownBy(() -> store.get(new ObjectKey(DASHBOARDS, "default", "held")))
            .isInstanceOfSatisfying(StorageException.class, e -> assertThat(e.reason()).isEqualTo(StorageException.Reason.NOT_FOUND));
        assertThat(store.get(new ObjectKey(DASHBOARDS, "default", "gone")).at("/spec/title").asText()).isEqualTo("made again");
        assertThat(store.latestResourceVersion(DASHBOARDS)).isGreaterThan(readAt);
    }

    @Test
    void aNewerCopyReplacesTheStoredObjectKeepingItsUidAndARepeatedCopyWritesNothing() throws SQLException {
        importAll(copied("a", "first", 1));
        String uid = store.get(new ObjectKey(DASHBOARDS, "default", "a")).at("/metadata/uid").asText();

        assertThat(importAll(copied("a", "second", 2)).outcomes()).containsExactly(Outcome.UPDATED);
        assertThat(importAll(copied("a", "second", 2)).outcomes()).containsExactly(Outcome.UNCHANGED);

        ObjectNode stored = store.get(new ObjectKey(DASHBOARDS, "default", "a"));
        assertThat(stored.at("/metadata/uid").asText()).isEqualTo(uid);
        assertThat(stored.at("/spec/title").asText()).isEqualTo("second");
        assertThat(fixture.count("SELECT count(*) FROM resource_history")).isEqualTo(2);
        assertThat(fixture.count("SELECT max(generation) FROM resource_history")).isEqualTo(2);
    }

    @Test
    void importsReachWatchersAsAddedAndModifiedInVersionOrder() throws Exception {
        try (Watch watch = store.watch(DASHBOARDS, new WatchOptions(null, LabelSelector.EVERYTHING,
            FieldSelector.EVERYTHING, Long.toString(store.currentResourceVersion(DASHBOARDS))))) {
            importAll(copied("a", "A", 1), copied("b", "B", 1));
            importAll(copied("a", "A2", 2));

            List<WatchEvent> events = take(watch, 3, Duration.ofSeconds(5));
            assertThat(events).extracting(WatchEvent::type).containsExactly(Type.ADDED, Type.ADDED, Type.MODIFIED);
            assertThat(events).extracting(WatchEvent::resourceVersion).isSorted();
        }
    }

    /** A spec given as JSON text (a Jackson raw value), as the copy job's converter gives a dashboard's. */
    private static ObjectNode withRawSpec(ObjectNode object) {
        String spec = object.get("spec").toString();
        object.putRawValue("spec", new RawValue(spec));
        return object;
    }

    @Test
    void aSpecGivenAsJsonTextIsStoredAsThatTextComparedAsJsonAndWatchedAsATree() throws Exception {
        ObjectNode tree = copied("a", "A", 1);
        ((ObjectNode) tree.get("spec")).put("ratio", new java.math.BigDecimal("1.50")).putObject("nested").put("x", 1);
        try (Watch watch = store.watch(DASHBOARDS, new WatchOptions(null, LabelSelector.EVERYTHING,
            FieldSelector.EVERYTHING, Long.toString(store.currentResourceVersion(DASHBOARDS))))) {
            assertThat(importAll(withRawSpec(tree.deepCopy())).outcomes()).containsExactly(Outcome.CREATED);

            assertThat(take(watch, 1, Duration.ofSeconds(5)).getFirst().object().at("/spec/nested/x").asInt()).isEqualTo(1);
        }
        assertThat(fixture.text("SELECT value::jsonb -> 'spec' FROM resource"))
            .isEqualTo(fixture.text("SELECT '" + tree.get("spec") + "'::jsonb"));
        assertThat(fixture.text("SELECT value FROM resource")).contains("\"ratio\":1.50");
        assertThat(importAll(withRawSpec(tree.deepCopy())).outcomes()).containsExactly(Outcome.UNCHANGED);
        assertThat(importAll(tree.deepCopy()).outcomes()).containsExactly(Outcome.UNCHANGED);
        ObjectNode changed = copied("a", "A2", 2);
        assertThat(importAll(withRawSpec(changed)).outcomes()).containsExactly(Outcome.UPDATED);
        assertThat(store.get(new ObjectKey(DASHBOARDS, "default", "a")).at("/spec/title").asText()).isEqualTo("A2");
    }

    @Test
    void anImportedRowHoldsWhatACreateWritesLabelsFolderAndTextIncluded() throws SQLException {
        ObjectNode imported = copied("imported", "Tür \"quoted\" \\ 😀 €", 1);
        ObjectNode meta = (ObjectNode) imported.get("metadata");
        meta.putObject("labels").put("team", "a").put("tier", "gold");
        meta.putObject("annotations").put("grafana.app/folder", "folder-1");
        ObjectNode created = imported.deepCopy();
        ((ObjectNode) created.get("metadata")).put("name", "created").remove(List.of("generation", "resourceVersion"));

        assertThat(importAll(imported).outcomes()).containsExactly(Outcome.CREATED);
        store.create(DASHBOARDS, created);

        String columns = "labels::text || ' ' || folder || ' ' || action || ' ' || previous_resource_version || ' ' "
            + "|| (value::jsonb -> 'spec')::text || ' ' || (value::jsonb -> 'metadata' -> 'labels')::text FROM ";
        assertThat(fixture.text("SELECT " + columns + "resource WHERE name = 'imported'"))
            .isEqualTo(fixture.text("SELECT " + columns + "resource WHERE name = 'created'"))
            .contains("{\"team\": \"a\", \"tier\": \"gold\"} folder-1 1 0 {\"title\": \"Tür \\\"quoted\\\" \\\\ 😀 €\"}");
        assertThat(fixture.text("SELECT " + columns + "resource_history WHERE name = 'imported'"))
            .isEqualTo(fixture.text("SELECT " + columns + "resource_history WHERE name = 'created'"));
        assertThat(store.list(DASHBOARDS, new ListOptions("default", LabelSelector.parse("tier=gold"), FieldSelector.EVERYTHING,
            0, null)).items()).extracting(StoreFixture::name).containsExactlyInAnyOrder("imported", "created");
        assertThat(store.get(new ObjectKey(DASHBOARDS, "default", "imported")).at("/spec/title").asText())
            .isEqualTo("Tür \"quoted\" \\ 😀 €");
    }

    @Test
    void aBatchOfManyLargeObjectsIsImportedWhole() {
        String panel = "x".repeat(10_000);
        ObjectNode[] objects = new ObjectNode[80];
        for (int i = 0; i < objects.length; i++) {
            objects[i] = copied("d" + i, "T" + i, 1);
            ((ObjectNode) objects[i].get("spec")).put("panel", panel + i);
        }

        assertThat(importAll(objects).outcomes()).hasSize(80).containsOnly(Outcome.CREATED);
        for (int i = 0; i < objects.length; i++) {
            assertThat(store.get(new ObjectKey(DASHBOARDS, "default", "d" + i)).at("/spec/panel").asText())
                .isEqualTo(panel + i);
        }
    }

    @Test
    // a connection left in the middle of a COPY hangs the batch's rollback: fail instead of hanging the build
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void anObjectThatCannotBeWrittenFailsItsBatchWithoutLeavingAHalfWrittenOneOrABrokenConnection() throws SQLException {
        ObjectNode broken = copied("broken", "B", 1);
        broken.putPOJO("spec", new Object()); // Jackson has no serializer for it
        ObjectNode[] batch = new ObjectNode[13];
        for (int i = 0; i < batch.length - 1; i++) {
            batch[i] = copied("d" + i, "x".repeat(30_000), 1);
        }
        batch[batch.length - 1] = broken;

        // more than the pool's twelve connections: each failed batch returned its connection able to work again
        for (int attempt = 0; attempt < 15; attempt++) {
            assertThatThrownBy(() -> importAll(batch)).hasMessage("cannot serialize object");
        }

        assertThat(fixture.count("SELECT count(*) FROM resource")).isZero();
        assertThat(fixture.count("SELECT count(*) FROM resource_history")).isZero();
        assertThat(importAll(copied("after", "A", 1)).outcomes()).containsExactly(Outcome.CREATED);
    }

    @Test
    void anInvalidNameIsRefusedAloneAndTheRestIsWritten() {
        ImportResult result = importAll(copied("Not_A_Name", "x", 1), copied("ok", "y", 1));

        assertThat(result.outcomes()).containsExactly(Outcome.REFUSED, Outcome.CREATED);
        assertThat(result.refusals().get(0)).contains("metadata.name");
    }

    @Test
    void workJoiningTheTransactionCommitsWithTheObjectsAndAFailureLeavesNothing() throws SQLException {
        try (var c = fixture.dataSource.getConnection(); var s = c.createStatement()) {
            s.execute("CREATE TABLE checkpoint (last bigint)");
        }
        store.importNewer(DASHBOARDS, List.of(copied("a", "A", 1)), Long.MAX_VALUE, (c, r) -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO checkpoint VALUES (1)")) {
                ps.executeUpdate();
            }
        });
        assertThat(fixture.count("SELECT count(*) FROM checkpoint")).isEqualTo(1);

        assertThatThrownBy(() -> store.importNewer(DASHBOARDS, List.of(copied("b", "B", 1)), Long.MAX_VALUE, (c, r) -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO checkpoint VALUES ('not a number')")) {
                ps.executeUpdate();
            }
        })).isInstanceOf(RuntimeException.class);

        assertThat(fixture.count("SELECT count(*) FROM resource")).isEqualTo(1);
        assertThat(fixture.count("SELECT count(*) FROM resource_history")).isEqualTo(1);
        assertThat(fixture.count("SELECT count(*) FROM checkpoint")).isEqualTo(1);
        assertThat(store.importNewer(DASHBOARDS, List.of(copied("b", "B", 1)), Long.MAX_VALUE, (c, r) -> { }).outcomes())
            .containsExactly(Outcome.CREATED);
    }
}
