package io.migrationgateway.storage.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.FieldSelector;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.storage.LabelSelector;
import io.migrationgateway.storage.ListPage;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.storage.WatchEvent.Type;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** How a subscription merges its replayed start with the live changes published meanwhile. */
class WatchSubscriptionTest {
    private static final GroupResource GR = new GroupResource("g", "things");
    private static final WatchFilter EVERYTHING = new WatchFilter(null, LabelSelector.EVERYTHING, FieldSelector.EVERYTHING);
    private static final Duration SHORT = Duration.ofMillis(50);

    private final AtomicBoolean unsubscribed = new AtomicBoolean();

    private static Change added(long rv) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        object.putObject("metadata").put("name", "o" + rv).put("namespace", "ns").put("resourceVersion", Long.toString(rv));
        return new Change(Type.ADDED, rv, "ns", "o" + rv, object, null);
    }

    private static List<Change> added(long from, long to) {
        return LongStream.rangeClosed(from, to).mapToObj(WatchSubscriptionTest::added).toList();
    }

    private WatchSubscription subscription(int capacity, WatchSubscription.Replay replay) {
        return new WatchSubscription(GR, EVERYTHING, capacity, replay, s -> unsubscribed.set(true));
    }

    private static List<Long> drain(WatchSubscription watch) throws InterruptedException {
        List<Long> out = new ArrayList<>();
        WatchEvent event;
        while ((event = watch.poll(SHORT)) != null) {
            out.add(event.resourceVersion());
        }
        return out;
    }

    private static ListPage page(long from, long to, String next) {
        return new ListPage(added(from, to).stream().map(Change::object).toList(), 10, next, null);
    }

    @Test
    void theStartingListIsReadOnePageAtATimeAsTheConsumerPollsThenLiveChangesFollow() throws Exception {
        List<String> asked = new ArrayList<>();
        WatchSubscription watch = subscription(10, (rv, limit) -> List.of());
        watch.startFromState(page(1, 2, "t1"), token -> {
            asked.add(token);
            return token.equals("t1") ? page(3, 4, "t2") : page(5, 5, null);
        });
        watch.offer(added(9)); // at or below the list's version: the list has it
        watch.offer(added(11));

        assertThat(asked).isEmpty();
        assertThat(watch.poll(SHORT).resourceVersion()).isEqualTo(1);
        assertThat(watch.poll(SHORT).resourceVersion()).isEqualTo(2);
        assertThat(asked).isEmpty();
        assertThat(drain(watch)).containsExactly(3L, 4L, 5L, 11L);
        assertThat(asked).containsExactly("t1", "t2");
    }

    @Test
    void liveChangesAlreadyCoveredByTheReplayAreSkipped() throws Exception {
        WatchSubscription watch = subscription(100, (rv, limit) -> List.of());
        added(3, 6).forEach(watch::offer);
        watch.startAfter(2, added(3, 5));
        added(7, 8).forEach(watch::offer);

        assertThat(drain(watch)).containsExactly(3L, 4L, 5L, 6L, 7L, 8L);
    }

    @Test
    void laterReplayPagesAreReadOnDemandFromWhereThePreviousEnded() throws Exception {
        List<Long> asked = new ArrayList<>();
        WatchSubscription watch = subscription(10, (rv, limit) -> {
            asked.add(rv);
            return added(rv + 1, Math.min(rv + limit, 1_200));
        });
        watch.startAfter(0, added(1, WatchSubscription.REPLAY_PAGE));
        added(1_199, 1_201).forEach(watch::offer);

        List<Long> events = drain(watch);

        assertThat(events).hasSize(1_201);
        assertThat(events).isSorted().doesNotHaveDuplicates();
        assertThat(asked).containsExactly(500L, 1_000L);
    }

    @Test
    void aZeroTimeoutStillMovesThroughTheReplay() throws Exception {
        WatchSubscription watch = subscription(10, (rv, limit) -> added(rv + 1, rv + 1));
        watch.startAfter(0, added(1, WatchSubscription.REPLAY_PAGE));
        for (int i = 0; i < WatchSubscription.REPLAY_PAGE; i++) {
            watch.poll(Duration.ZERO);
        }

        assertThat(watch.poll(Duration.ZERO).resourceVersion()).isEqualTo(WatchSubscription.REPLAY_PAGE + 1);
    }

    @Test
    void aReplayPageThatIsNoLongerInHistoryEndsTheWatchWith410() throws Exception {
        WatchSubscription watch = subscription(10, (rv, limit) -> {
            throw new StorageException(StorageException.Reason.EXPIRED, null, "too old resource version: 500 (900)");
        });
        watch.startAfter(0, added(1, WatchSubscription.REPLAY_PAGE));

        List<WatchEvent> events = new ArrayList<>();
        WatchEvent event;
        while ((event = watch.poll(SHORT)) != null) {
            events.add(event);
        }

        assertThat(events).hasSize(WatchSubscription.REPLAY_PAGE + 1);
        WatchEvent last = events.getLast();
        assertThat(last.type()).isEqualTo(Type.ERROR);
        assertThat(last.object().path("code").asInt()).isEqualTo(410);
        assertThat(last.object().path("message").asText()).isEqualTo("too old resource version: 500 (900)");
        assertThat(watch.isDone()).isTrue();
        assertThat(unsubscribed).isTrue();
    }

    @Test
    void overflowDeliversTheBufferThenEndsAndUnsubscribes() throws Exception {
        WatchSubscription watch = subscription(2, (rv, limit) -> List.of());
        watch.startFromState(new ListPage(List.of(), 0, null, null), token -> { throw new AssertionError("no second page"); });
        added(1, 5).forEach(watch::offer);

        assertThat(unsubscribed).isTrue();
        assertThat(watch.poll(SHORT).resourceVersion()).isEqualTo(1);
        assertThat(watch.poll(SHORT).resourceVersion()).isEqualTo(2);
        WatchEvent error = watch.poll(SHORT);
        assertThat(error.type()).isEqualTo(Type.ERROR);
        assertThat(error.resourceVersion()).isEqualTo(2);
        assertThat(watch.isDone()).isTrue();
    }

    @Test
    void pollWaitsForALiveChange() throws Exception {
        WatchSubscription watch = subscription(10, (rv, limit) -> List.of());
        watch.startFromState(new ListPage(List.of(), 0, null, null), token -> { throw new AssertionError("no second page"); });
        Thread.ofPlatform().start(() -> {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            watch.offer(added(1));
        });

        WatchEvent event = watch.poll(Duration.ofSeconds(5));

        assertThat(event).isNotNull();
        assertThat(event.resourceVersion()).isEqualTo(1);
    }

    @Test
    void handedOutObjectsAreCopies() throws Exception {
        WatchSubscription watch = subscription(10, (rv, limit) -> List.of());
        watch.startFromState(new ListPage(List.of(), 0, null, null), token -> { throw new AssertionError("no second page"); });
        Change change = added(1);
        watch.offer(change);

        ((ObjectNode) watch.poll(SHORT).object().get("metadata")).put("name", "changed");

        assertThat(change.object().path("metadata").path("name").asText()).isEqualTo("o1");
    }
}
