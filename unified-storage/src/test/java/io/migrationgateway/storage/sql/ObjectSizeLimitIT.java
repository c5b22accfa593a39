package io.migrationgateway.storage.sql;

import static io.migrationgateway.storage.sql.StoreFixture.DASHBOARDS;
import static io.migrationgateway.storage.sql.StoreFixture.dashboard;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.StorageException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import io.migrationgateway.testsupport.MutableClock;

/** One limit on the stored JSON of an object, whichever write makes it; nothing half-written when it is refused. */
class ObjectSizeLimitIT {
    private static final int LIMIT = 4096;

    private final StoreFixture fixture = new StoreFixture();
    private final PostgresResourceStore store = fixture.store(new MutableClock(Instant.parse("2024-01-01T10:00:00Z")),
        StorageSettings.defaults().withMaxObjectBytes(LIMIT));

    @AfterEach
    void close() {
        fixture.close();
    }

    @Test
    void aCreateOverTheLimitIsRefusedAndLeavesNothing() {
        StorageException refused = catchThrowableOfType(StorageException.class,
            () -> store.create(DASHBOARDS, dashboard("default", "big", "x".repeat(LIMIT))));

        assertThat(refused.reason()).isEqualTo(StorageException.Reason.TOO_LARGE);
        assertThat(refused.getMessage()).contains("\"big\"", "limit is " + LIMIT);
        assertThat(catchThrowableOfType(StorageException.class, () -> store.get(key("big"))).reason())
            .isEqualTo(StorageException.Reason.NOT_FOUND);
        assertThat(store.versions(key("big"), 0, 10)).isEmpty();
    }

    @Test
    void anUpdateOverTheLimitIsRefusedAndTheObjectKeepsItsState() {
        ObjectNode created = store.create(DASHBOARDS, dashboard("default", "grows", "small"));

        StorageException refused = catchThrowableOfType(StorageException.class,
            () -> store.guaranteedUpdate(key("grows"), live -> {
                live.withObjectProperty("spec").put("title", "y".repeat(LIMIT));
                return live;
            }));

        assertThat(refused.reason()).isEqualTo(StorageException.Reason.TOO_LARGE);
        ObjectNode kept = store.get(key("grows"));
        assertThat(kept.at("/spec/title").asText()).isEqualTo("small");
        assertThat(kept.at("/metadata/resourceVersion")).isEqualTo(created.at("/metadata/resourceVersion"));
        assertThat(store.versions(key("grows"), 0, 10)).hasSize(1);
    }

    @Test
    void anImportOverTheLimitIsRefusedWholeSoTheCallerCanLeaveTheObjectOut() {
        ObjectNode small = dashboard("default", "fits", "small");
        ObjectNode big = dashboard("default", "too-big", "z".repeat(LIMIT));

        StorageException refused = catchThrowableOfType(StorageException.class,
            () -> store.importNewer(DASHBOARDS, List.of(small, big), Long.MAX_VALUE, (c, r) -> { }));

        assertThat(refused.reason()).isEqualTo(StorageException.Reason.TOO_LARGE);
        assertThat(refused.key()).isEqualTo(key("too-big"));
        assertThat(catchThrowableOfType(StorageException.class, () -> store.get(key("fits"))).reason())
            .as("one transaction: nothing of the import is written").isEqualTo(StorageException.Reason.NOT_FOUND);
    }

    @Test
    void anObjectStoredUnderAnEarlierLargerLimitCanStillBeDeleted() {
        PostgresResourceStore roomy = fixture.store(new MutableClock(Instant.parse("2024-01-01T10:00:00Z")),
            StorageSettings.defaults());
        roomy.create(DASHBOARDS, dashboard("default", "old", "w".repeat(2 * LIMIT)));

        store.delete(key("old"), Preconditions.NONE);

        assertThat(catchThrowableOfType(StorageException.class, () -> roomy.get(key("old"))).reason())
            .isEqualTo(StorageException.Reason.NOT_FOUND);
    }

    private static ObjectKey key(String name) {
        return new ObjectKey(DASHBOARDS, "default", name);
    }
}
