package io.migrationgateway.jobs;

import io.migrationgateway.jobs.compare.CompareWork;
import io.migrationgateway.jobs.spec.JobException;
import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobScope;
import io.migrationgateway.jobs.spec.JobSpec;
import io.migrationgateway.jobs.spec.JobState;
import io.migrationgateway.jobs.spec.JobStatus;
import io.migrationgateway.jobs.work.JobContext;
import io.migrationgateway.translators.table.LegacyTable;
import io.migrationgateway.jobs.store.Finding;
import io.migrationgateway.model.GroupResource;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.translators.table.LegacyTables;
import java.sql.SQLException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The jobs of this process: start, pause, resume, cancel and look at jobs; each running job has one runner thread
 * here, and {@link #joinRunningJobs()} gives one to every running job that another replica started, so that replicas
 * share the work. State lives in PostgreSQL; a runner stops at the next chunk boundary after a pause or cancel, from
 * whichever replica it came. Thread-safe.
 */
public final class MigrationJobs implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MigrationJobs.class);

    private final JobContext context;
    private final LegacyTables tables;
    private final long compareRate;
    private final Map<Long, Thread> runners = new ConcurrentHashMap<>();
    private volatile boolean open = true;

    /** @param compareRate objects per second a compare job reads when it names no rate */
    public MigrationJobs(JobContext context, LegacyTables tables, long compareRate) {
        this.context = context;
        this.tables = tables;
        this.compareRate = compareRate;
    }

    public MigrationJobs(JobContext context, LegacyTables tables) {
        this(context, tables, CompareWork.DEFAULT_RATE);
    }

    /**
     * Starts a job and its runner here.
     *
     * @throws JobException BAD_REQUEST for an unknown resource or namespace, ALREADY_ACTIVE
     */
    public JobStatus start(JobSpec requested) {
        scope(0, requested);
        JobSpec spec = requested.kind() == JobKind.COMPARE ? compareSpec(requested) : requested;
        long id = sql(() -> context.repository().create(spec));
        launch(scope(id, spec));
        return status(id);
    }

    /** A compare job with its rate (the job's, whichever replica runs it), if it can run here. */
    private JobSpec compareSpec(JobSpec spec) {
        context.comparer().unavailable(spec.resource()).ifPresent(why -> {
            throw new JobException(JobException.Reason.BAD_REQUEST, "cannot compare " + spec.resource() + ": " + why);
        });
        return new JobSpec(spec.kind(), spec.resource(), spec.namespace(), spec.rate() > 0 ? spec.rate() : compareRate);
    }

    /** Stops the job's runners at their next chunk boundary; {@link #resume} goes on from the checkpoints. */
    public JobStatus pause(long id) {
        sql(() -> {
            context.repository().transition(id, EnumSet.of(JobState.RUNNING), JobState.PAUSED, "paused");
            return null;
        });
        return status(id);
    }

    public JobStatus resume(long id) {
        sql(() -> {
            context.repository().transition(id, EnumSet.of(JobState.PAUSED), JobState.RUNNING, "");
            return null;
        });
        JobStatus status = status(id);
        launch(scope(id, status.spec()));
        return status;
    }

    /** Ends the job for good; what it wrote stays. */
    public JobStatus cancel(long id) {
        sql(() -> {
            context.repository().transition(id, EnumSet.of(JobState.RUNNING, JobState.PAUSED), JobState.CANCELLED,
                "cancelled");
            return null;
        });
        return status(id);
    }

    /** @throws JobException NOT_FOUND */
    public JobStatus status(long id) {
        return sql(() -> context.repository().status(id))
            .orElseThrow(() -> new JobException(JobException.Reason.NOT_FOUND, "no job " + id));
    }

    /** The newest jobs first. */
    public List<JobStatus> list(int limit) {
        return sql(() -> context.repository().list(limit));
    }

    /** What the job reported about single rows (unconvertible ones, differences), up to {@code limit}. */
    public List<Finding> findings(long id, int limit) {
        status(id);
        return sql(() -> context.repository().findings(id, limit));
    }

    /** Gives every running job that has work left and no runner here a runner here. */
    public void joinRunningJobs() {
        for (long id : sql(() -> context.repository().runnable())) {
            if (!runners.containsKey(id)) {
                launch(scope(id, status(id).spec()));
            }
        }
    }

    /** Runs the job in the calling thread until it is done here (tests, and a process that only runs jobs). */
    public void runHere(long id) {
        new JobRunner<>(context, scope(id, status(id).spec()), () -> open).run();
    }

    /** Waits until the job is no longer running here or {@code timeout} passed; its status then. */
    public JobStatus await(long id, Duration timeout) throws InterruptedException {
        Thread runner = runners.get(id);
        if (runner != null) {
            runner.join(timeout);
        }
        return status(id);
    }

    /** Stops this process's runners at their next chunk boundary (the jobs stay running for other replicas). */
    @Override
    public void close() {
        open = false;
        runners.values().forEach(t -> {
            try {
                t.join(Duration.ofSeconds(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private void launch(JobScope<?> scope) {
        runners.computeIfAbsent(scope.id(), id -> Thread.ofVirtual().name("migration-job-" + id).start(() -> {
            try {
                new JobRunner<>(context, scope, () -> open).run();
            } finally {
                runners.remove(id);
            }
        }));
    }

    private JobScope<?> scope(long id, JobSpec spec) {
        LegacyTable<?> table = tables.forResource(spec.resource()).orElseThrow(() -> new JobException(
            JobException.Reason.BAD_REQUEST, "no migration jobs for resource " + spec.resource() + "; known: "
                + String.join(", ", tables.resources())));
        OptionalLong org = OptionalLong.empty();
        if (spec.namespace().isPresent()) {
            org = context.namespaces().orgOf(spec.namespace().get());
            if (org.isEmpty()) {
                throw new JobException(JobException.Reason.BAD_REQUEST, "namespace " + spec.namespace().get()
                    + " is not an org's namespace (default, org-N)");
            }
        }
        return newScope(id, spec, table, org);
    }

    private static <R> JobScope<R> newScope(long id, JobSpec spec, LegacyTable<R> table, OptionalLong org) {
        KindDeclaration kind = table.translator().kind();
        return new JobScope<>(id, spec, table, org, new GroupResource(kind.group(), kind.plural()));
    }

    /** A database call of the jobs' own tables. */
    @FunctionalInterface
    private interface Sql<T> {
        T run() throws SQLException;
    }

    private static <T> T sql(Sql<T> call) {
        try {
            return call.run();
        } catch (SQLException e) {
            LOG.warn("migration jobs' database call failed", e);
            throw new IllegalStateException("the migration jobs' database failed (SQLState " + e.getSQLState() + ")", e);
        }
    }
}
