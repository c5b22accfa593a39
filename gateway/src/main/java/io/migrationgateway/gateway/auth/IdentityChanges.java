package io.migrationgateway.gateway.auth;

import io.migrationgateway.flags.postgres.ChangeListener;
import io.migrationgateway.gateway.process.OutOfMemoryPolicy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells every replica that what the legacy side authenticates callers with has changed (a service account's token
 * made or revoked through one of them), so that each forgets its cached caller identities at once rather than after
 * {@code legacy.identity-cache.ttl}: the replica that took the write forgets before it answers, the others when the
 * {@code NOTIFY} on the shared database reaches them, within milliseconds. Thread-safe; {@link #changed} never blocks.
 */
public final class IdentityChanges implements AutoCloseable {
    static final String CHANNEL = "gateway_identities";
    private static final Logger LOG = LoggerFactory.getLogger(IdentityChanges.class);
    /** A notification lost to a dropped connection is made good by forgetting on reconnection; no timer is needed. */
    private static final Duration NO_PERIODIC_RESYNC = Duration.ofDays(1);

    private final DataSource database;
    private final LegacyAccess access;
    private final ChangeListener listener;
    private final ExecutorService notifier = OutOfMemoryPolicy.scheduler("identity-changes");

    private IdentityChanges(DataSource database, LegacyAccess access, ChangeListener listener) {
        this.database = database;
        this.access = access;
        this.listener = listener;
    }

    /** Listens on the gateway's database, whose schema every replica shares. */
    public static IdentityChanges start(DataSource database, LegacyAccess access) throws SQLException {
        return new IdentityChanges(database, access,
                ChangeListener.start(database, CHANNEL, payload -> access.forgetAll(), access::forgetAll, NO_PERIODIC_RESYNC));
    }

    /** This replica forgets now; the others are told in the background. */
    public void changed() {
        access.forgetAll();
        notifier.execute(() -> {
            try (Connection c = database.getConnection(); Statement notify = c.createStatement()) {
                notify.execute("NOTIFY " + CHANNEL);
            } catch (SQLException e) {
                LOG.warn("cannot tell the other replicas that identities changed (they forget within legacy.identity-cache.ttl): {}",
                        e.getMessage());
            }
        });
    }

    @Override
    public void close() {
        notifier.shutdownNow();
        listener.close();
    }
}
