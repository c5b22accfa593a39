package io.migrationgateway.storage;

import java.time.Duration;

/**
 * An open watch: events in resource-version order, none missed, none twice. Events wait in a bounded
 * buffer; a watcher that falls so far behind that the buffer overflows gets one final
 * {@link WatchEvent.Type#ERROR} (410 Expired) and must re-list or resume from its last resource version,
 * as Kubernetes clients do. Closing releases the subscription. One consumer thread per watch.
 */
public interface Watch extends AutoCloseable {
    /**
     * The next event, waiting up to {@code timeout}.
     *
     * @return the event, or {@code null} when none arrived in time
     * @throws InterruptedException when the waiting thread is interrupted
     */
    WatchEvent poll(Duration timeout) throws InterruptedException;

    /** Whether the watch has ended (closed, or its final ERROR event was taken). */
    boolean isDone();

    @Override
    void close();
}
