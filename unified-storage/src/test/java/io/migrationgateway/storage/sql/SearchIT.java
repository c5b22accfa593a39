package io.migrationgateway.storage.sql;

import static io.migrationgateway.storage.sql.StoreFixture.DASHBOARDS;
import static io.migrationgateway.storage.sql.StoreFixture.JSON;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.ObjectImport;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.ObjectSearch;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.storage.SearchHit;
import io.migrationgateway.storage.SearchQuery;
import io.migrationgateway.storage.SearchQuery.KindScope;
import io.migrationgateway.storage.SearchQuery.Order;
import io.migrationgateway.storage.SearchQuery.TitleMatch;
import io.migrationgateway.model.SearchableFields;
import io.migrationgateway.storage.StorageException;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SearchIT {
    private static final GroupResource FOLDERS = new GroupResource("folder.grafana.app", "folders");
    private static final SearchableFields WITH_TAGS = new SearchableFields("/spec/title", "/spec/tags", 5,
        "/metadata/annotations/grafana.app~1folder", "/metadata/labels/grafana.app~1deprecatedInternalID");
    private static final SearchableFields NO_TAGS = new SearchableFields("/spec/title", null, 0,
        "/metadata/annotations/grafana.app~1folder", "/metadata/labels/grafana.app~1deprecatedInternalID");
    private static final Map<GroupResource, SearchableFields> DECLARED = Map.of(DASHBOARDS, WITH_TAGS, FOLDERS, NO_TAGS);

    private final StoreFixture fixture = new StoreFixture();
    private final PostgresResourceStore store = fixture.store(Clock.systemUTC(), StorageSettings.defaults().withSearchable(DECLARED));

    @AfterEach
    void close() {
        fixture.close();
    }

    private static ObjectNode object(GroupResource kind, String name, String title, long id, String folder, String... tags) {
        ObjectNode object = JSON.createObjectNode();
        object.put("apiVersion", kind.group() + "/v1").put("kind", "Thing");
        ObjectNode meta = object.putObject("metadata");
        meta.put("name", name).put("namespace", "default");
        meta.putObject("labels").put("grafana.app/deprecatedInternalID", Long.toString(id));
        if (!folder.isEmpty()) {
            meta.putObject("annotations").put("grafana.app/folder", folder);
        }
        ObjectNode spec = object.putObject("spec").put("title", title);
        if (tags.length > 0) {
            var array = spec.putArray("tags");
            for (String tag : tags) {
                array.add(tag);
            }
        }
        return object;
    }

    private void dashboard(String name, String title, long id, String folder, String... tags) {
        store.create(DASHBOARDS, object(DASHBOARDS, name, title, id, folder, tags));
    }

    private void folder(String name, String title, long id, String parent) {
        store.create(FOLDERS, object(FOLDERS, name, title, id, parent));
    }

    private static SearchQuery both(Order order) {
        return SearchQuery.of(List.of(FOLDERS, DASHBOARDS), "default", order, 0, 100);
    }

    private List<String> names(SearchQuery query) {
        return store.search(query).stream().map(SearchHit::name).toList();
    }

    @Test
    void hitsOfSeveralKindsComeInOneTitleOrderIgnoringCaseThenByTitleAndId() {
        folder("f-b", "beta", 3, "");
        dashboard("d-a", "Alpha", 5, "");
        dashboard("d-b", "Beta", 4, "f-b");
        dashboard("d-b2", "beta", 2, "f-b");
        dashboard("d-e", "écho", 1, "");

        assertThat(names(both(Order.TITLE_ASC))).containsExactly("d-a", "d-b", "d-b2", "f-b", "d-e");
        assertThat(names(both(Order.TITLE_DESC))).containsExactly("d-e", "f-b", "d-b2", "d-b", "d-a");
        assertThat(names(both(Order.TITLE_ASC).withPage(1, 2))).containsExactly("d-b", "d-b2");
        assertThat(names(SearchQuery.of(List.of(DASHBOARDS), "default", Order.LEGACY_ID, 0, 10)))
            .containsExactly("d-e", "d-b2", "d-b", "d-a");
    }

    @Test
    void aHitCarriesTheSearchableFieldsWithTagsDistinctCutAndInByteOrder() {
        dashboard("d-1", "CPU load", 7, "f-1", "zeta", "alpha", "alpha", " ", "toolongtag");

        assertThat(store.search(both(Order.TITLE_ASC))).containsExactly(new SearchHit(DASHBOARDS, "default", "d-1",
            "CPU load", List.of("alpha", "toolo", "zeta"), "f-1", 7));
    }

    @Test
    void filtersCombineWithAnd() {
        folder("f-1", "Servers", 10, "");
        dashboard("d-1", "CPU usage", 1, "f-1", "linux", "prod");
        dashboard("d-2", "cpu temperature", 2, "", "linux");
        dashboard("d-3", "Memory", 3, "f-1", "linux", "prod");
        dashboard("d-4", "Disk_IO 100%", 4, "f-1");

        assertThat(names(both(Order.TITLE_ASC).withTitle(TitleMatch.containing("cpu", false)))).containsExactly("d-2", "d-1");
        assertThat(names(both(Order.TITLE_ASC).withTitle(TitleMatch.containing("CPU", true)))).containsExactly("d-1");
        // the caller's text keeps LIKE's wildcards, as Grafana's ILIKE '%text%' does
        assertThat(names(both(Order.TITLE_ASC).withTitle(TitleMatch.containing("k_i", false)))).containsExactly("d-4");
        assertThat(names(both(Order.TITLE_ASC).withTitle(TitleMatch.containing("u%e", false)))).containsExactly("d-2", "d-1");
        assertThat(names(both(Order.TITLE_ASC).withTags(Set.of("linux", "prod")))).containsExactly("d-1", "d-3");
        assertThat(names(both(Order.TITLE_ASC).withLegacyIds(List.of(2L, 10L)))).containsExactly("d-2", "f-1");
        assertThat(names(both(Order.TITLE_ASC).withNames(List.of("d-3", "d-4", "none")))).containsExactly("d-4", "d-3");
        assertThat(names(both(Order.TITLE_ASC).withKinds(List.of(new KindScope(DASHBOARDS, Set.of("f-1")),
            new KindScope(FOLDERS, Set.of(""))))))
            .containsExactly("d-1", "d-4", "d-3", "f-1");
        assertThat(names(both(Order.TITLE_ASC).withTitle(TitleMatch.containing("cpu", false)).withTags(Set.of("prod"))))
            .containsExactly("d-1");
    }

    @Test
    void everyWriteKeepsTheColumnsAndOtherNamespacesAndTrashAreNotFound() {
        dashboard("d-1", "Old title", 1, "");
        ObjectNode changed = store.get(new ObjectKey(DASHBOARDS, "default", "d-1"));
        changed.with("spec").put("title", "New title");
        store.update(DASHBOARDS, changed);
        dashboard("d-2", "Gone", 2, "");
        store.delete(new ObjectKey(DASHBOARDS, "default", "d-2"), Preconditions.NONE);
        ObjectNode elsewhere = object(DASHBOARDS, "d-3", "New title", 3, "");
        elsewhere.with("metadata").put("namespace", "org-2");
        store.create(DASHBOARDS, elsewhere);
        ObjectNode trashed = object(DASHBOARDS, "d-4", "New title in the trash", 4, "");
        trashed.with("metadata").put("deletionTimestamp", "2024-01-01T00:00:00Z");
        store.create(DASHBOARDS, trashed);

        List<SearchHit> hits = store.search(both(Order.TITLE_ASC));
        assertThat(hits).extracting(SearchHit::name).containsExactly("d-1");
        assertThat(hits.getFirst().title()).isEqualTo("New title");
    }

    @Test
    void tagCountsCountTheLiveObjectsOfOneNamespaceByTagInByteOrder() {
        dashboard("d-1", "One", 1, "", "b", "a");
        dashboard("d-2", "Two", 2, "", "b", "Z");
        dashboard("d-3", "Gone", 3, "", "b");
        store.delete(new ObjectKey(DASHBOARDS, "default", "d-3"), Preconditions.NONE);
        ObjectNode trashed = object(DASHBOARDS, "d-4", "Trash", 4, "", "b");
        trashed.with("metadata").put("deletionTimestamp", "2024-01-01T00:00:00Z");
        store.create(DASHBOARDS, trashed);
        ObjectNode elsewhere = object(DASHBOARDS, "d-5", "Elsewhere", 5, "", "b");
        elsewhere.with("metadata").put("namespace", "org-2");
        store.create(DASHBOARDS, elsewhere);

        assertThat(store.tagCounts(DASHBOARDS, "default")).containsExactly(new ObjectSearch.TagCount("Z", 1),
                new ObjectSearch.TagCount("a", 1), new ObjectSearch.TagCount("b", 2));
        assertThat(store.tagCounts(FOLDERS, "default")).isEmpty();
    }

    @Test
    void importedObjectsWithRawSpecsAreIndexedFromTheirText() {
        ObjectNode imported = object(DASHBOARDS, "d-1", "", 9, "f-9");
        imported.putRawValue("spec", new RawValue("{\"panels\":[{\"title\":\"not this\",\"tags\":[\"x\"]}],"
            + "\"tags\":[\"b\",\"a\"],\"title\":\"Imported\"}"));
        store.importNewer(DASHBOARDS, List.of(imported), Long.MAX_VALUE, (c, r) -> { });

        assertThat(store.search(both(Order.TITLE_ASC))).containsExactly(new SearchHit(DASHBOARDS, "default", "d-1",
            "Imported", List.of("a", "b"), "f-9", 9));
    }

    @Test
    void rowsWrittenWithoutTheColumnsAreFilledInByTheNextStore() throws Exception {
        dashboard("d-1", "Written before", 1, "f", "t");
        try (Connection c = fixture.dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("DELETE FROM resource_search");
        }
        assertThat(store.search(both(Order.TITLE_ASC).withTitle(TitleMatch.containing("before", false)))).isEmpty();

        PostgresResourceStore next = fixture.store(Clock.systemUTC(), StorageSettings.defaults().withSearchable(DECLARED));

        assertThat(next.search(both(Order.TITLE_ASC).withTitle(TitleMatch.containing("before", false))))
            .containsExactly(new SearchHit(DASHBOARDS, "default", "d-1", "Written before", List.of("t"), "f", 1));
    }

    @Test
    void aChangedDeclarationFillsInEveryRowOfTheKindAgain() {
        dashboard("d-1", "Tagged", 1, "", "longertag");
        SearchableFields longerTags = new SearchableFields(WITH_TAGS.title(), WITH_TAGS.tags(), 50, WITH_TAGS.folder(),
            WITH_TAGS.legacyId());

        PostgresResourceStore next = fixture.store(Clock.systemUTC(),
            StorageSettings.defaults().withSearchable(Map.of(DASHBOARDS, longerTags, FOLDERS, NO_TAGS)));

        assertThat(next.search(both(Order.TITLE_ASC)).getFirst().tags()).containsExactly("longertag");
    }

    @Test
    void anObjectIsReadWithTheFolderItNames() {
        folder("f-1", "Servers", 10, "");
        dashboard("in-folder", "One", 1, "f-1");
        dashboard("at-root", "Two", 2, "");
        dashboard("folder-gone", "Three", 3, "no-such-folder");
        String pointer = WITH_TAGS.folder();

        ResourceStore.InFolder inFolder = store.getInFolder(new ObjectKey(DASHBOARDS, "default", "in-folder"), FOLDERS, pointer);

        assertThat(StoreFixture.name(inFolder.object())).isEqualTo("in-folder");
        assertThat(inFolder.folder().path("spec").path("title").asText()).isEqualTo("Servers");
        assertThat(store.getInFolder(new ObjectKey(DASHBOARDS, "default", "at-root"), FOLDERS, pointer).folder()).isNull();
        assertThat(store.getInFolder(new ObjectKey(DASHBOARDS, "default", "folder-gone"), FOLDERS, pointer).folder()).isNull();
        assertThatThrownBy(() -> store.getInFolder(new ObjectKey(DASHBOARDS, "default", "none"), FOLDERS, pointer))
            .isInstanceOfSatisfying(StorageException.class, e -> assertThat(e.reason()).isEqualTo(StorageException.Reason.NOT_FOUND));
    }

    @Test
    void aLabelSelectorOnTheLegacyIdFindsTheObject() {
        dashboard("d-1", "One", 1, "");
        dashboard("d-2", "Two", 2, "");

        var page = store.list(DASHBOARDS, new io.migrationgateway.storage.ListOptions("default",
            io.migrationgateway.storage.LabelSelector.parse("grafana.app/deprecatedInternalID in (2,3)"),
            io.migrationgateway.storage.FieldSelector.EVERYTHING, 0, null));
        assertThat(page.items()).extracting(StoreFixture::name).containsExactly("d-2");
    }

    @Test
    void anImportThatChangesTheTitleMovesTheHit() {
        dashboard("d-1", "First", 1, "");
        ObjectNode newer = object(DASHBOARDS, "d-1", "Second", 1, "");
        newer.with("metadata").put("generation", 5);
        ObjectImport.ImportResult result = store.importNewer(DASHBOARDS, List.of(newer), Long.MAX_VALUE, (c, r) -> { });
        assertThat(result.outcomes()).containsExactly(ObjectImport.Outcome.UPDATED);

        assertThat(store.search(both(Order.TITLE_ASC))).extracting(SearchHit::title).containsExactly("Second");
    }
}
