package io.migrationgateway.storage.sql;

import static io.migrationgateway.storage.sql.StoreFixture.DASHBOARDS;
import static io.migrationgateway.storage.sql.StoreFixture.dashboard;
import static io.migrationgateway.storage.sql.StoreFixture.name;
import static io.migrationgateway.storage.sql.StoreFixture.rv;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.FieldSelector;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.LabelSelector;
import io.migrationgateway.storage.ListOptions;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.StorageException.Reason;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import io.migrationgateway.testsupport.MutableClock;

class ListIT {
    private final StoreFixture fixture = new StoreFixture();
    private final MutableClock clock = new MutableClock(Instant.parse("2024-01-01T10:00:00Z"));
    private final PostgresResourceStore store = fixture.store(clock, StorageSettings.defaults());

    @AfterEach
    void close() {
        fixture.close();
    }

    private static ListOptions page(String namespace, int limit, String token) {
        return new ListOptions(namespace, LabelSelector.EVERYTHING, FieldSelector.EVERYTHING, limit, token);
    }

    private static ListOptions selected(String namespace, String labels, String fields) {
        return new ListOptions(namespace, LabelSelector.parse(labels), FieldSelector.parse(fields), 0, null);
    }

    private static List<String> names(ListPage page) {
        return page.items().stream().map(StoreFixture::name).toList();
    }

    private static List<String> keys(ListPage page) {
        return page.items().stream().map(o -> o.path("metadata").path("namespace").asText() + "/" + name(o)).toList();
    }

    private void create(String namespace, String name, String... labels) {
        store.create(DASHBOARDS, dashboard(namespace, name, name.toUpperCase(), labels));
    }

    @Test
    void anEmptyListIsAtVersionZeroWithoutToken() {
        ListPage page = store.list(DASHBOARDS, page("default", 10, null));

        assertThat(page.items()).isEmpty();
        assertThat(page.resourceVersion()).isZero();
        assertThat(page.continueToken()).isNull();
    }

    @Test
    void listsByNamespaceThenNameInByteOrder() {
        for (String name : List.of("b", "a-2", "a.1", "c")) {
            create("org-2", name);
        }
        create("default", "z");
        create("default", "a0");

        ListPage all = store.list(DASHBOARDS, ListOptions.all(null));
        assertThat(keys(all)).containsExactly("default/a0", "default/z", "org-2/a-2", "org-2/a.1", "org-2/b", "org-2/c");
        assertThat(all.resourceVersion()).isEqualTo(store.currentResourceVersion(DASHBOARDS));
        assertThat(names(store.list(DASHBOARDS, ListOptions.all("default")))).containsExactly("a0", "z");
        assertThat(store.list(new GroupResource("folder.grafana.app", "folders"), ListOptions.all(null)).items()).isEmpty();
    }

    @Test
    void pagesWithoutWritesBetweenThemCountWhatRemains() {
        for (String name : List.of("a", "b", "c", "d", "e")) {
            create("default", name);
        }

        ListPage first = store.list(DASHBOARDS, page("default", 2, null));
        ListPage second = store.list(DASHBOARDS, page("default", 2, first.continueToken()));
        ListPage third = store.list(DASHBOARDS, page("default", 2, second.continueToken()));

        assertThat(names(first)).containsExactly("a", "b");
        assertThat(first.remainingItemCount()).isEqualTo(3);
        assertThat(names(second)).containsExactly("c", "d");
        assertThat(second.remainingItemCount()).isEqualTo(1);
        assertThat(names(third)).containsExactly("e");
        assertThat(third.continueToken()).isNull();
        assertThat(List.of(second.resourceVersion(), third.resourceVersion())).containsOnly(first.resourceVersion());
    }

    @Test
    void laterPagesShowTheObjectsAsTheyWereAtTheFirstPage() {
        for (String name : List.of("a", "b", "c", "d", "e")) {
            create("default", name);
        }
        ListPage first = store.list(DASHBOARDS, page("default", 2, null));
        ObjectNode dBefore = store.get(new ObjectKey(DASHBOARDS, "default", "d"));
        clock.advance(Duration.ofSeconds(1));

        create("default", "c2");
        store.delete(new ObjectKey(DASHBOARDS, "default", "d"), Preconditions.NONE);
        store.update(DASHBOARDS, dashboard("default", "e", "changed"));
        ListPage second = store.list(DASHBOARDS, page("default", 2, first.continueToken()));
        ListPage third = store.list(DASHBOARDS, page("default", 2, second.continueToken()));

        assertThat(names(second)).containsExactly("c", "d");
        assertThat(second.items().get(1)).isEqualTo(dBefore);
        assertThat(names(third)).containsExactly("e");
        assertThat(third.items().getFirst().path("spec").path("title").asText()).isEqualTo("E");
        assertThat(rv(third.items().getFirst())).isLessThanOrEqualTo(first.resourceVersion());
        assertThat(third.continueToken()).isNull();
        assertThat(List.of(second.resourceVersion(), third.resourceVersion())).containsOnly(first.resourceVersion());
        assertThat(names(store.list(DASHBOARDS, ListOptions.all("default")))).containsExactly("a", "b", "c", "c2", "e");
    }

    @Test
    void labelSelectorsSupportEveryOperator() {
        create("default", "a", "team", "x", "env", "prod");
        create("default", "b", "team", "y");
        create("default", "c", "env", "dev");
        create("default", "d");

        assertThat(names(store.list(DASHBOARDS, selected("default", "team=x", null)))).containsExactly("a");
        assertThat(names(store.list(DASHBOARDS, selected("default", "team==y", null)))).containsExactly("b");
        assertThat(names(store.list(DASHBOARDS, selected("default", "team!=x", null)))).containsExactly("b", "c", "d");
        assertThat(names(store.list(DASHBOARDS, selected("default", "team in (x,y)", null)))).containsExactly("a", "b");
        assertThat(names(store.list(DASHBOARDS, selected("default", "env notin (prod)", null))))
            .containsExactly("b", "c", "d");
        assertThat(names(store.list(DASHBOARDS, selected("default", "env", null)))).containsExactly("a", "c");
        assertThat(names(store.list(DASHBOARDS, selected("default", "!env", null)))).containsExactly("b", "d");
        assertThat(names(store.list(DASHBOARDS, selected("default", "team=x,env=prod", null)))).containsExactly("a");
        assertThat(names(store.list(DASHBOARDS, selected("default", "team=x,env=dev", null)))).isEmpty();
    }

    @Test
    void theLimitCountsSelectedObjectsOnly() {
        for (int i = 0; i < 10; i++) {
            create("default", "o" + i, "grafana.app/deprecatedInternalID", i % 2 == 0 ? "even" : "odd");
        }
        ListOptions even = new ListOptions("default", LabelSelector.parse("grafana.app/deprecatedInternalID=even"),
            FieldSelector.EVERYTHING, 2, null);

        List<String> seen = new ArrayList<>();
        ListPage page = store.list(DASHBOARDS, even);
        assertThat(page.items()).hasSize(2);
        assertThat(page.remainingItemCount()).isEqualTo(3);
        seen.addAll(names(page));
        while (page.continueToken() != null) {
            page = store.list(DASHBOARDS, new ListOptions("default", even.labels(), even.fields(), 2, page.continueToken()));
            seen.addAll(names(page));
        }
        assertThat(seen).containsExactly("o0", "o2", "o4", "o6", "o8");
    }

    @Test
    void aContinuedPageJudgesLabelsAsTheyWereAtTheFirstPage() {
        create("default", "a", "team", "x");
        create("default", "b", "team", "x");
        create("default", "c", "team", "x");
        ListOptions first = new ListOptions("default", LabelSelector.parse("team=x"), FieldSelector.EVERYTHING, 1, null);
        ListPage page1 = store.list(DASHBOARDS, first);

        store.update(DASHBOARDS, dashboard("default", "b", "B", "team", "gone"));
        create("default", "bb", "team", "x");
        ListPage page2 = store.list(DASHBOARDS,
            new ListOptions("default", first.labels(), first.fields(), 10, page1.continueToken()));

        assertThat(names(page1)).containsExactly("a");
        assertThat(names(page2)).containsExactly("b", "c");
        assertThat(page2.items().getFirst().path("metadata").path("labels").path("team").asText()).isEqualTo("x");
    }

    @Test
    void fieldSelectorsOnNameAndNamespaceAcrossNamespaces() {
        create("default", "a");
        create("default", "b");
        create("org-2", "a");

        assertThat(keys(store.list(DASHBOARDS, selected(null, null, "metadata.name=a"))))
            .containsExactly("default/a", "org-2/a");
        assertThat(keys(store.list(DASHBOARDS, selected(null, null, "metadata.namespace!=default"))))
            .containsExactly("org-2/a");
        assertThat(keys(store.list(DASHBOARDS, selected("default", null, "metadata.name!=a"))))
            .containsExactly("default/b");
    }

    @Test
    void aMalformedContinueTokenIsABadRequest() {
        String notJson = Base64.getUrlEncoder().encodeToString("nope".getBytes(StandardCharsets.UTF_8));
        String noVersion = Base64.getUrlEncoder().encodeToString("{\"namespace\":\"a\",\"name\":\"b\"}"
            .getBytes(StandardCharsets.UTF_8));
        for (String token : List.of("%%%", notJson, noVersion)) {
            assertThatThrownBy(() -> store.list(DASHBOARDS, page("default", 1, token))).as(token)
                .isInstanceOfSatisfying(StorageException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.BAD_REQUEST);
                    assertThat(e.getMessage()).startsWith("continue key is not valid: ");
                });
        }
    }

    @Test
    void aContinueTokenFromBeforeCompactionIsExpired() {
        create("default", "a");
        create("default", "b");
        ListPage first = store.list(DASHBOARDS, page("default", 1, null));
        clock.advance(Duration.ofSeconds(1));
        store.update(DASHBOARDS, dashboard("default", "b", "changed"));

        store.compactOlderThan(Duration.ZERO);

        assertThatThrownBy(() -> store.list(DASHBOARDS, page("default", 1, first.continueToken())))
            .isInstanceOfSatisfying(StorageException.class, e -> {
                assertThat(e.reason()).isEqualTo(Reason.EXPIRED);
                assertThat(e.getMessage()).isEqualTo("The provided continue parameter is too old to display a consistent"
                    + " list result. You can start a new list without the continue parameter.");
            });
    }

    @Test
    void compactionKeepsWhatAContinuedListAfterTheCutoffNeeds() throws Exception {
        create("default", "a");
        create("default", "b");
        create("default", "c");
        create("default", "gone");
        store.update(DASHBOARDS, dashboard("default", "b", "B2"));
        store.delete(new ObjectKey(DASHBOARDS, "default", "gone"), Preconditions.NONE);
        clock.advance(Duration.ofHours(1));
        store.update(DASHBOARDS, dashboard("default", "a", "A2"));
        ListPage first = store.list(DASHBOARDS, page("default", 1, null));
        clock.advance(Duration.ofHours(1));
        store.update(DASHBOARDS, dashboard("default", "b", "B3"));
        store.update(DASHBOARDS, dashboard("default", "c", "C2"));
        clock.advance(Duration.ofHours(1));

        store.compactOlderThan(Duration.ofMinutes(150));

        ListPage rest = store.list(DASHBOARDS, page("default", 10, first.continueToken()));
        assertThat(names(rest)).containsExactly("b", "c");
        assertThat(rest.items().get(0).path("spec").path("title").asText()).isEqualTo("B2");
        assertThat(rest.items().get(1).path("spec").path("title").asText()).isEqualTo("C");
        // Cutoff 30 min after the creates. Left: the latest rows at or below it of a, b and c (gone's were a create
        // and its delete), and the three later updates.
        assertThat(fixture.count("SELECT count(*) FROM resource_history")).isEqualTo(6);
        assertThat(fixture.count("SELECT count(*) FROM resource_history WHERE name = 'gone'")).isZero();
    }

    @Test
    void theRemainingCountIsLeftOutWhenMoreThanItCountsFollow() {
        int total = ListQuery.MAX_COUNTED + 20;
        for (int from = 0; from < total; from += 1000) {
            List<ObjectNode> batch = new ArrayList<>();
            for (int i = from; i < Math.min(total, from + 1000); i++) {
                batch.add(dashboard("default", String.format("d%06d", i), "t"));
            }
            store.importNewer(DASHBOARDS, batch, Long.MAX_VALUE, (c, r) -> { });
        }

        ListPage first = store.list(DASHBOARDS, page("default", 10, null));
        ListPage nearTheEnd = store.list(DASHBOARDS, page("default", 10, first.continueToken()));

        assertThat(first.continueToken()).isNotNull();
        assertThat(first.remainingItemCount()).isNull();
        assertThat(nearTheEnd.remainingItemCount()).isEqualTo(total - 20L);
    }

    @Test
    void deleteCollectionWithALimitDeletesOneBatchAndSaysWhenMoreRemain() {
        create("default", "a");
        create("default", "b");
        create("default", "c");
        ListOptions batchOfTwo = new ListOptions("default", LabelSelector.EVERYTHING, FieldSelector.EVERYTHING, 2, null);

        ListPage first = store.deleteCollection(DASHBOARDS, batchOfTwo);
        ListPage second = store.deleteCollection(DASHBOARDS, batchOfTwo);

        assertThat(names(first)).containsExactly("a", "b");
        assertThat(first.continueToken()).isNotNull();
        assertThat(names(second)).containsExactly("c");
        assertThat(second.continueToken()).isNull();
        assertThat(store.list(DASHBOARDS, ListOptions.all("default")).items()).isEmpty();
    }

    @Test
    void deleteCollectionDeletesEachSelectedObjectAtItsOwnVersion() throws Exception {
        create("default", "a", "team", "x");
        create("default", "b", "team", "y");
        create("default", "c", "team", "x");
        create("org-2", "d", "team", "x");
        long before = store.currentResourceVersion(DASHBOARDS);

        ListPage deleted = store.deleteCollection(DASHBOARDS,
            new ListOptions("default", LabelSelector.parse("team=x"), FieldSelector.EVERYTHING, 0, null));

        assertThat(names(deleted)).containsExactly("a", "c");
        assertThat(deleted.continueToken()).isNull();
        assertThat(rv(deleted.items().get(0))).isEqualTo(before + 1);
        assertThat(rv(deleted.items().get(1))).isEqualTo(before + 2);
        assertThat(deleted.resourceVersion()).isEqualTo(before + 2);
        assertThat(keys(store.list(DASHBOARDS, ListOptions.all(null)))).containsExactly("default/b", "org-2/d");
        assertThat(fixture.count("SELECT count(*) FROM resource_history WHERE action = 3")).isEqualTo(2);
    }
}
