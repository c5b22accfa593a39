package io.migrationgateway.jobs;

import io.migrationgateway.jobs.work.KeptMetadata;
import static io.migrationgateway.jobs.JobsFixture.DASHBOARD_GR;
import static io.migrationgateway.jobs.JobsFixture.runToEnd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobSettings;
import io.migrationgateway.jobs.spec.JobState;
import io.migrationgateway.jobs.spec.JobStatus;
import io.migrationgateway.jobs.store.JobRepository;
import io.migrationgateway.jobs.work.JobContext;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.model.Namespaces;
import io.migrationgateway.translators.grafana.GrafanaResources;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A legacy row deleted after the copy read its chunk, by a mode-2 delete that found no object in unified storage yet
 * and so wrote nothing there: the copy must not leave the object it made from the stale chunk behind.
 */
class DeletedDuringCopyIT {
    private final JobsFixture fixture = new JobsFixture().seeded();

    @AfterEach
    void close() throws Exception {
        fixture.close();
    }

    @Test
    void aRowDeletedAfterItsChunkWasReadDoesNotStayInUnifiedStorage() throws Exception {
        String uid = fixture.firstCopyableUid();
        AtomicBoolean deleted = new AtomicBoolean();
        DataSource legacy = deletingAfterTheFirstChunkRead(uid, deleted);
        JobSettings settings = JobSettings.defaults().withChunks(Duration.ofMillis(100), 7, 50);
        MigrationJobs jobs = new MigrationJobs(new JobContext(new JobRepository(fixture.unified), legacy, fixture.unified,
            fixture.store, fixture.store, Namespaces.onPrem(), settings, d -> Thread.sleep(d), KeptMetadata.NONE),
            GrafanaResources.tables(JobsFixture.TRANSLATORS));
        try {
            JobStatus copied = runToEnd(jobs, JobKind.COPY, null);
            assertThat(copied.state()).as(copied.message()).isEqualTo(JobState.SUCCEEDED);
            assertThat(deleted).as("the row was deleted between its chunk's read and import").isTrue();

            assertThatThrownBy(() -> fixture.store.get(new ObjectKey(DASHBOARD_GR, "default", uid)))
                .isInstanceOf(StorageException.class);
            assertThat(fixture.unifiedCount("SELECT count(*) FROM resource"))
                .as("the objects the copy made, but the one whose row was gone").isEqualTo(copied.counts().created() - 1);
        } finally {
            jobs.close();
        }
    }

    /** The legacy pool, deleting the row {@code uid} once the first chunk read (ids from 0, in order) has returned. */
    private DataSource deletingAfterTheFirstChunkRead(String uid, AtomicBoolean deleted) {
        return (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {DataSource.class},
            (proxy, method, args) -> {
                Object result = invoke(fixture.legacy, method, args);
                return method.getName().equals("getConnection") ? connection((Connection) result, uid, deleted) : result;
            });
    }

    private Connection connection(Connection real, String uid, AtomicBoolean deleted) {
        return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
                Object result = invoke(real, method, args);
                if (method.getName().equals("prepareStatement") && ((String) args[0]).contains(" ORDER BY ")
                    && ((String) args[0]).contains(" LIMIT ")) {
                    return statement((PreparedStatement) result, uid, deleted);
                }
                return result;
            });
    }

    private PreparedStatement statement(PreparedStatement real, String uid, AtomicBoolean deleted) {
        return (PreparedStatement) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {PreparedStatement.class},
            (proxy, method, args) -> {
                Object result = invoke(real, method, args);
                if (method.getName().equals("executeQuery") && deleted.compareAndSet(false, true)) {
                    try (Connection c = fixture.legacy.getConnection(); Statement s = c.createStatement()) {
                        s.executeUpdate("DELETE FROM dashboard WHERE org_id = 1 AND uid = '" + uid + "'");
                    }
                }
                return result;
            });
    }

    private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
