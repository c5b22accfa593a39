package io.migrationgateway.flags.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hears changes committed by any replica sharing the database (flags: {@code LISTEN migration_flags}; any other
 * channel the same way) on one
 * dedicated connection, and reports each changed resource within milliseconds of the commit. A lost connection
 * is re-opened (every second until it works); since notifications sent meanwhile are gone, {@code resync} then
 * runs once, and the caller re-reads everything. {@code resync} also runs every {@code resyncEvery}, a safety net for
 * a notification lost some other way. Togglz itself has no cluster-wide invalidation (togglz issue #241).
 */
public final class ChangeListener implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ChangeListener.class);
    private static final int WAIT_MILLIS = 250;
    /** A connection that died without an error (a half-open socket) is only noticed by asking it. */
    private static final Duration PROBE_EVERY = Duration.ofSeconds(10);
    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    private final DataSource dataSource;
    private final String channel;
    private final Consumer<String> changed;
    private final Runnable resync;
    private final Duration resyncEvery;
    private final Thread thread;
    private volatile boolean running = true;
    private Connection connection;

    private ChangeListener(DataSource dataSource, String channel, Consumer<String> changed, Runnable resync, Duration resyncEvery) {
        this.dataSource = dataSource;
        this.channel = channel;
        this.changed = changed;
        this.resync = resync;
        this.resyncEvery = resyncEvery;
        this.thread = Thread.ofPlatform().name("change-listener-" + channel).daemon(true).unstarted(this::run);
    }

    /**
     * Starts listening. Returns once {@code LISTEN} is in place, so that every change committed afterwards is heard.
     *
     * @param changed     called with the resource of each notification, on the listener's thread
     * @param resync      called after a reconnection and every {@code resyncEvery}, on the listener's thread
     * @param resyncEvery how often {@code resync} runs without a reconnection
     * @throws SQLException when the first connection cannot be opened
     */
    public static ChangeListener start(DataSource dataSource, Consumer<String> changed, Runnable resync, Duration resyncEvery)
            throws SQLException {
        return start(dataSource, PostgresFlagStore.CHANNEL, changed, resync, resyncEvery);
    }

    /** As {@link #start(DataSource, Consumer, Runnable, Duration)}, on another channel ({@code [a-z_]+}). */
    public static ChangeListener start(DataSource dataSource, String channel, Consumer<String> changed, Runnable resync,
                                       Duration resyncEvery) throws SQLException {
        if (!channel.matches("[a-z_]+")) {
            throw new IllegalArgumentException("not a channel name: " + channel);
        }
        ChangeListener listener = new ChangeListener(dataSource, channel, changed, resync, resyncEvery);
        listener.connection = listener.listen();
        listener.thread.start();
        return listener;
    }

    private Connection listen() throws SQLException {
        Connection c = dataSource.getConnection();
        try (Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            s.execute("LISTEN " + channel);
            return c;
        } catch (SQLException e) {
            c.close();
            throw e;
        }
    }

    private void run() {
        while (running) {
            try {
                if (connection == null) {
                    connection = listen();
                    LOG.info("change listener on {} reconnected; catching up", channel);
                    resync.run();
                }
                receive(connection);
            } catch (SQLException e) {
                if (!running) {
                    return;
                }
                LOG.warn("change listener on {} lost its database connection ({}); retrying every {} s", channel,
                        e.getMessage(), RETRY_AFTER.toSeconds());
                discard();
                pause();
            } catch (RuntimeException e) {
                LOG.warn("change on {} not handled: {}", channel, e.getMessage());
            }
        }
        closeQuietly();
    }

    private void receive(Connection c) throws SQLException {
        PGConnection pg = c.unwrap(PGConnection.class);
        long probeAt = System.nanoTime() + PROBE_EVERY.toNanos();
        long resyncAt = System.nanoTime() + resyncEvery.toNanos();
        while (running) {
            PGNotification[] notifications = pg.getNotifications(WAIT_MILLIS);
            if (notifications != null) {
                for (PGNotification notification : notifications) {
                    changed.accept(notification.getParameter());
                }
            }
            if (System.nanoTime() - probeAt > 0) {
                probe(c);
                probeAt = System.nanoTime() + PROBE_EVERY.toNanos();
            }
            if (System.nanoTime() - resyncAt > 0) {
                resync.run();
                resyncAt = System.nanoTime() + resyncEvery.toNanos();
            }
        }
    }

    /**
     * A statement through the connection as the pool handed it out (notifications are read from the unwrapped
     * driver connection, which a pool does not watch): it fails on a dead connection, which also tells a pool such
     * as Hikari to evict it instead of lending it out again.
     */
    private static void probe(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.setQueryTimeout(2);
            s.execute("SELECT 1");
        }
    }

    private void discard() {
        if (connection != null) {
            try {
                probe(connection);
            } catch (SQLException expected) {
                // the point: the pool has now seen the failure
            }
        }
        closeQuietly();
    }

    private void pause() {
        try {
            Thread.sleep(RETRY_AFTER);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    private void closeQuietly() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                LOG.debug("closing the change listener's connection on {}: {}", channel, e.getMessage());
            }
            connection = null;
        }
    }

    /** Stops listening and gives the connection back; waits at most about a second. */
    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(WAIT_MILLIS * 4L);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
