package io.migrationgateway.storage.sql;

import static io.migrationgateway.storage.sql.StoreFixture.DASHBOARDS;
import static io.migrationgateway.storage.sql.StoreFixture.assertQuiet;
import static io.migrationgateway.storage.sql.StoreFixture.dashboard;
import static io.migrationgateway.storage.sql.StoreFixture.name;
import static io.migrationgateway.storage.sql.StoreFixture.rv;
import static io.migrationgateway.storage.sql.StoreFixture.take;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.FieldSelector;
import io.migrationgateway.storage.LabelSelector;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.StorageException.Reason;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.storage.WatchEvent.Type;
import io.migrationgateway.storage.WatchOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WatchIT {
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final StoreFixture fixture = new StoreFixture();
    private final PostgresResourceStore store = fixture.store();

    @AfterEach
    void close() {
        fixture.close();
    }

    private static WatchOptions from(String resourceVersion) {
        return new WatchOptions(null, LabelSelector.EVERYTHING, FieldSelector.EVERYTHING, resourceVersion);
    }

    private static WatchOptions selecting(String namespace, String labels, String fields, String resourceVersion) {
        return new WatchOptions(namespace, LabelSelector.parse(labels), FieldSelector.parse(fields), resourceVersion);
    }

    private static List<String> summary(List<WatchEvent> events) {
        return events.stream().map(e -> e.type() + " " + name(e.object())).toList();
    }

    private ObjectNode create(String namespace, String name, String... labels) {
        return store.create(DASHBOARDS, dashboard(namespace, name, name.toUpperCase(), labels));
    }

    @Test
    void watchFromZeroSendsTheCurrentObjectsAsAddedThenTheChanges() throws Exception {
        ObjectNode a = create("default", "a");
        ObjectNode b = create("default", "b");

        try (Watch watch = store.watch(DASHBOARDS, from("0"))) {
            List<WatchEvent> initial = take(watch, 2, WAIT);
            assertThat(summary(initial)).containsExactly("ADDED a", "ADDED b");
            assertThat(initial.get(0).object()).isEqualTo(a);
            assertThat(initial.get(1).resourceVersion()).isEqualTo(rv(b));
            assertQuiet(watch);

            ObjectNode a2 = store.update(DASHBOARDS, dashboard("default", "a", "A2"));
            ObjectNode bGone = store.delete(new ObjectKey(DASHBOARDS, "default", "b"), Preconditions.NONE);
            List<WatchEvent> changes = take(watch, 2, WAIT);
            assertThat(summary(changes)).containsExactly("MODIFIED a", "DELETED b");
            assertThat(changes.get(0).object()).isEqualTo(a2);
            assertThat(changes.get(1).object()).isEqualTo(bGone);
            assertThat(changes.get(1).resourceVersion()).isEqualTo(rv(bGone));
        }
        try (Watch watch = store.watch(DASHBOARDS, from(null))) {
            assertThat(summary(take(watch, 1, WAIT))).containsExactly("ADDED a");
        }
    }

    @Test
    void watchFromAResourceVersionReplaysExactlyTheLaterChangesThenGoesLive() throws Exception {
        create("default", "a");
        long afterB = rv(create("default", "b"));
        ObjectNode a2 = store.update(DASHBOARDS, dashboard("default", "a", "A2"));
        ObjectNode bGone = store.delete(new ObjectKey(DASHBOARDS, "default", "b"), Preconditions.NONE);

        try (Watch watch = store.watch(DASHBOARDS, from(Long.toString(afterB)))) {
            List<WatchEvent> replayed = take(watch, 2, WAIT);
            assertThat(summary(replayed)).containsExactly("MODIFIED a", "DELETED b");
            assertThat(replayed.get(0).object()).isEqualTo(a2);
            assertThat(replayed.get(1).object()).isEqualTo(bGone);
            assertQuiet(watch);

            ObjectNode c = create("default", "c");
            List<WatchEvent> live = take(watch, 1, WAIT);
            assertThat(summary(live)).containsExactly("ADDED c");
            assertThat(live.getFirst().resourceVersion()).isEqualTo(rv(c));
        }
    }

    @Test
    void concurrentWritersGetIncreasingVersionsAndWatchersSeeEveryWriteOnceInOrder() throws Exception {
        long start = rv(create("default", "seed"));
        Watch fromStart = store.watch(DASHBOARDS, from(Long.toString(start)));
        ConcurrentLinkedQueue<Long> returned = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        Watch fromMiddle;
        long middle;
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                writers.add(pool.submit(() -> {
                    for (int i = 0; i < 30; i++) {
                        String name = "w" + thread + "-" + i;
                        returned.add(rv(store.create(DASHBOARDS, dashboard("default", name, "x"))));
                        returned.add(rv(store.update(DASHBOARDS, dashboard("default", name, "y"))));
                    }
                    return null;
                }));
            }
            while (returned.size() < 60) {
                Thread.onSpinWait();
            }
            // Opened while the writers run: its replay and its live feed overlap.
            middle = store.currentResourceVersion(DASHBOARDS);
            fromMiddle = store.watch(DASHBOARDS, from(Long.toString(middle)));
            for (Future<?> writer : writers) {
                writer.get();
            }
        } finally {
            pool.shutdownNow();
        }

        List<Long> history = fixture.historyVersions();
        assertThat(history).hasSize(241).doesNotHaveDuplicates().isSorted();
        assertThat(history.subList(1, history.size())).containsExactlyInAnyOrderElementsOf(returned);

        List<WatchEvent> all = take(fromStart, 240, WAIT);
        assertThat(all.stream().map(WatchEvent::resourceVersion).toList()).isEqualTo(history.subList(1, history.size()));
        assertThat(all).allSatisfy(e -> assertThat(rv(e.object())).isEqualTo(e.resourceVersion()));
        assertQuiet(fromStart);

        List<WatchEvent> tail = new ArrayList<>();
        WatchEvent event;
        while ((event = fromMiddle.poll(Duration.ofMillis(300))) != null) {
            tail.add(event);
        }
        assertThat(tail.stream().map(WatchEvent::resourceVersion).toList())
            .isEqualTo(history.stream().filter(v -> v > middle).toList())
            .hasSizeLessThan(240);
        fromStart.close();
        fromMiddle.close();
    }

    @Test
    void aResumeFromBeforeTheCompactionMarkIsExpired() {
        long first = rv(create("default", "a"));
        long latest = rv(create("default", "b"));

        store.compactOlderThan(Duration.ZERO);

        assertThatThrownBy(() -> store.watch(DASHBOARDS, from(Long.toString(first))))
            .isInstanceOfSatisfying(StorageException.class, e -> {
                assertThat(e.reason()).isEqualTo(Reason.EXPIRED);
                assertThat(e.getMessage()).isEqualTo("too old resource version: " + first + " (" + latest + ")");
            });
        store.watch(DASHBOARDS, from(Long.toString(latest))).close();
    }

    @Test
    void aResourceVersionThatIsNotANumberIsABadRequest() {
        for (String bad : List.of("abc", "-1")) {
            assertThatThrownBy(() -> store.watch(DASHBOARDS, from(bad)))
                .isInstanceOfSatisfying(StorageException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.BAD_REQUEST);
                    assertThat(e.getMessage()).isEqualTo("invalid resource version: " + bad);
                });
        }
    }

    @Test
    void aWatcherWhoseBufferOverflowsGetsWhatItHeldThenA410AndEnds() throws Exception {
        PostgresResourceStore small = fixture.store(Clock.systemUTC(), StorageSettings.defaults().withWatchBuffer(3));
        Watch watch = small.watch(DASHBOARDS, from("0"));
        for (int i = 0; i < 10; i++) {
            small.create(DASHBOARDS, dashboard("default", "o" + i, "x"));
        }

        List<WatchEvent> events = take(watch, 5, WAIT);

        assertThat(summary(events.subList(0, 3))).containsExactly("ADDED o0", "ADDED o1", "ADDED o2");
        WatchEvent error = events.get(3);
        assertThat(error.type()).isEqualTo(Type.ERROR);
        assertThat(error.resourceVersion()).isEqualTo(events.get(2).resourceVersion());
        ObjectNode status = error.object();
        assertThat(status.path("kind").asText()).isEqualTo("Status");
        assertThat(status.path("apiVersion").asText()).isEqualTo("v1");
        assertThat(status.path("metadata").isObject()).isTrue();
        assertThat(status.path("status").asText()).isEqualTo("Failure");
        assertThat(status.path("reason").asText()).isEqualTo("Expired");
        assertThat(status.path("code").asInt()).isEqualTo(410);
        assertThat(status.path("message").asText()).contains("fell behind");
        assertThat(events).hasSize(4);
        assertThat(watch.isDone()).isTrue();
        assertThat(watch.poll(Duration.ofMillis(10))).isNull();
    }

    @Test
    void objectsEnteringAndLeavingALabelSelectionArriveAsAddedAndDeleted() throws Exception {
        try (Watch watch = store.watch(DASHBOARDS, selecting(null, "team=a", null, "0"))) {
            writeLabelTransitions();
            assertLabelTransitions(watch);
        }
    }

    @Test
    void replayedHistoryShowsTheSameLabelTransitions() throws Exception {
        long before = rv(create("default", "unrelated"));
        writeLabelTransitions();

        try (Watch watch = store.watch(DASHBOARDS, selecting(null, "team=a", null, Long.toString(before)))) {
            assertLabelTransitions(watch);
        }
    }

    private void writeLabelTransitions() {
        create("default", "x", "team", "b");
        store.update(DASHBOARDS, dashboard("default", "x", "X", "team", "a"));
        store.update(DASHBOARDS, dashboard("default", "x", "X2", "team", "a"));
        store.update(DASHBOARDS, dashboard("default", "x", "X2", "team", "b"));
        store.delete(new ObjectKey(DASHBOARDS, "default", "x"), Preconditions.NONE);
        create("default", "y", "team", "a");
        store.delete(new ObjectKey(DASHBOARDS, "default", "y"), Preconditions.NONE);
    }

    private void assertLabelTransitions(Watch watch) throws InterruptedException {
        List<WatchEvent> events = take(watch, 5, WAIT);
        assertThat(summary(events)).containsExactly("ADDED x", "MODIFIED x", "DELETED x", "ADDED y", "DELETED y");
        WatchEvent left = events.get(2);
        assertThat(left.object().path("metadata").path("labels").path("team").asText())
            .as("the state that still matched").isEqualTo("a");
        assertThat(rv(left.object())).isEqualTo(left.resourceVersion()).isGreaterThan(events.get(1).resourceVersion());
        assertQuiet(watch);
    }

    @Test
    void namespaceAndFieldSelectorsFilterEvents() throws Exception {
        try (Watch inDefault = store.watch(DASHBOARDS, selecting("default", null, null, "0"));
             Watch named = store.watch(DASHBOARDS, selecting(null, null, "metadata.name=b", "0"))) {
            create("default", "a");
            create("org-2", "b");
            create("default", "b");

            assertThat(summary(take(inDefault, 2, WAIT))).containsExactly("ADDED a", "ADDED b");
            List<WatchEvent> bs = take(named, 2, WAIT);
            assertThat(bs.stream().map(e -> e.object().path("metadata").path("namespace").asText()))
                .containsExactly("org-2", "default");
            assertQuiet(inDefault);
            assertQuiet(named);
        }
    }

    @Test
    void aReplayLongerThanOnePageArrivesWhole() throws Exception {
        long before = rv(create("default", "first"));
        for (int i = 0; i < WatchSubscription.REPLAY_PAGE + 20; i++) {
            create("default", String.format("o%04d", i));
        }

        try (Watch watch = store.watch(DASHBOARDS, from(Long.toString(before)))) {
            create("default", "live");
            List<WatchEvent> events = take(watch, WatchSubscription.REPLAY_PAGE + 21, WAIT);
            assertThat(events).hasSize(WatchSubscription.REPLAY_PAGE + 21);
            assertThat(events.stream().map(WatchEvent::resourceVersion).toList()).isSorted().doesNotHaveDuplicates();
            assertThat(name(events.getLast().object())).isEqualTo("live");
            assertQuiet(watch);
        }
    }

    @Test
    void closingAWatchOrTheStoreEndsIt() throws Exception {
        Watch watch = store.watch(DASHBOARDS, from("0"));
        watch.close();
        assertThat(watch.isDone()).isTrue();
        create("default", "a");
        assertThat(watch.poll(Duration.ofMillis(100))).isNull();

        PostgresResourceStore other = fixture.store();
        Watch open = other.watch(DASHBOARDS, from("0"));
        other.close();
        assertThat(open.isDone()).isTrue();
    }
}
