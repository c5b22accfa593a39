package io.migrationgateway.storage.sql;

import static io.migrationgateway.storage.sql.StoreFixture.DASHBOARDS;
import static io.migrationgateway.storage.sql.StoreFixture.assertQuiet;
import static io.migrationgateway.storage.sql.StoreFixture.dashboard;
import static io.migrationgateway.storage.sql.StoreFixture.name;
import static io.migrationgateway.storage.sql.StoreFixture.rv;
import static io.migrationgateway.storage.sql.StoreFixture.take;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.FieldSelector;
import io.migrationgateway.storage.LabelSelector;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.Watch;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.storage.WatchOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Two stores on one database, as two gateway replicas: each one's watches see the other's writes. */
class HighAvailabilityIT {
    private final StoreFixture fixture = new StoreFixture();
    private final PostgresResourceStore one = fixture.store(Clock.systemUTC(), StorageSettings.defaults().withHa(true));
    private final PostgresResourceStore two = fixture.store(Clock.systemUTC(), StorageSettings.defaults().withHa(true));

    @AfterEach
    void close() {
        fixture.close();
    }

    private static WatchOptions from(String resourceVersion) {
        return new WatchOptions(null, LabelSelector.EVERYTHING, FieldSelector.EVERYTHING, resourceVersion);
    }

    @Test
    void aWriteThroughOneStoreReachesAWatchOnTheOtherWithinASecond() throws Exception {
        try (Watch onTwo = two.watch(DASHBOARDS, from("0"))) {
            long started = System.nanoTime();
            ObjectNode created = one.create(DASHBOARDS, dashboard("default", "a", "A"));

            List<WatchEvent> events = take(onTwo, 1, Duration.ofSeconds(1));

            assertThat(events).hasSize(1);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
            assertThat(events.getFirst().type()).isEqualTo(WatchEvent.Type.ADDED);
            assertThat(events.getFirst().object()).isEqualTo(created);
        }
    }

    @Test
    void writesThroughBothStoresArriveOnceAndInOrderEverywhere() throws Exception {
        try (Watch onOne = one.watch(DASHBOARDS, from("0"));
             Watch onTwo = two.watch(DASHBOARDS, from("0"))) {
            one.create(DASHBOARDS, dashboard("default", "a", "A"));
            two.create(DASHBOARDS, dashboard("default", "b", "B"));
            one.update(DASHBOARDS, dashboard("default", "b", "B2"));
            ObjectNode gone = two.delete(new ObjectKey(DASHBOARDS, "default", "a"), Preconditions.NONE);

            for (Watch watch : List.of(onOne, onTwo)) {
                List<WatchEvent> events = take(watch, 4, Duration.ofSeconds(5));
                assertThat(events.stream().map(e -> e.type() + " " + name(e.object())))
                    .containsExactly("ADDED a", "ADDED b", "MODIFIED b", "DELETED a");
                assertThat(events.getLast().resourceVersion()).isEqualTo(rv(gone));
                assertQuiet(watch);
            }
        }
    }

    @Test
    void aResumedWatchReplaysTheOtherStoresWritesThenFollowsThem() throws Exception {
        long start = rv(one.create(DASHBOARDS, dashboard("default", "a", "A")));
        one.update(DASHBOARDS, dashboard("default", "a", "A2"));

        try (Watch onTwo = two.watch(DASHBOARDS, from(Long.toString(start)))) {
            one.create(DASHBOARDS, dashboard("default", "b", "B"));

            List<WatchEvent> events = take(onTwo, 2, Duration.ofSeconds(5));
            assertThat(events.stream().map(e -> e.type() + " " + name(e.object())))
                .containsExactly("MODIFIED a", "ADDED b");
            assertQuiet(onTwo);
        }
    }
}
