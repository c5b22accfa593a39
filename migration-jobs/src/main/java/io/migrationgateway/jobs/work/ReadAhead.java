package io.migrationgateway.jobs.work;

import java.sql.SQLException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The next chunk's read, done on a thread of its own while the caller works on the current chunk, so that a legacy
 * read (and what follows it before the caller needs it) overlaps the caller's writes: each side gets a core. One read
 * at a time, each started after the previous one was taken, so whatever a read uses (the throttle, say) is used by one
 * thread at a time. Closing waits for a read still running.
 */
public final class ReadAhead<T> implements AutoCloseable {
    /** A read. */
    @FunctionalInterface
    public interface Read<T> extends Callable<T> {
        @Override
        T call() throws SQLException, InterruptedException;
    }

    private final ExecutorService thread;
    private Future<T> pending;

    public ReadAhead(String threadName) {
        this.thread = Executors.newSingleThreadExecutor(Thread.ofVirtual().name(threadName).factory());
    }

    /** Starts the next read. */
    public void start(Read<T> read) {
        pending = thread.submit(read);
    }

    /** The result of the read started last, waiting for it; its failure as the read threw it. */
    public T take() throws SQLException, InterruptedException {
        try {
            return pending.get();
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case SQLException sql -> throw sql;
                case InterruptedException interrupted -> throw interrupted;
                case RuntimeException runtime -> throw runtime;
                case Error error -> throw error;
                default -> throw new IllegalStateException("a read ahead failed", e.getCause());
            }
        }
    }

    @Override
    public void close() {
        thread.close();
    }
}
