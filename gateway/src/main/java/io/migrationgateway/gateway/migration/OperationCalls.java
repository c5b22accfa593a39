package io.migrationgateway.gateway.migration;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import javax.sql.DataSource;

/**
 * Counts the calls each operation of a resource's legacy surface gets (docs/legacy-surface.md), translated or not, in
 * every mode, so that an operator sees which operations the resource's clients use, and learns before moving it to
 * mode 4, where the untranslated ones are refused, that clients still call them. Counted in memory on the request path (one adder per operation), written to the gateway's database by
 * {@link #flush} per minute, so that every replica's calls count. Thread-safe.
 */
public final class OperationCalls {
    /** How far back the flip gate looks. */
    public static final Duration WINDOW = Duration.ofDays(1);

    private record Operation(String resource, String id) {
    }

    private final DataSource dataSource;
    private final Clock clock;
    private final Map<Operation, LongAdder> counted = new ConcurrentHashMap<>();

    public OperationCalls(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** One call to operation {@code id} (a route id such as {@code dashboards.versions}) of {@code resource}. */
    public void count(String resource, String id) {
        counted.computeIfAbsent(new Operation(resource, id), key -> new LongAdder()).increment();
    }

    /**
     * Adds the calls counted since the last flush to the current minute's row of each operation.
     *
     * @throws SQLException when the database cannot take them; they are counted again at the next flush
     */
    public void flush() throws SQLException {
        Map<Operation, Long> taken = new LinkedHashMap<>();
        counted.forEach((operation, adder) -> {
            long calls = adder.sumThenReset();
            if (calls > 0) {
                taken.put(operation, calls);
            }
        });
        if (taken.isEmpty()) {
            return;
        }
        Timestamp minute = Timestamp.from(clock.instant().truncatedTo(ChronoUnit.MINUTES));
        try (Connection c = dataSource.getConnection();
             PreparedStatement upsert = c.prepareStatement("INSERT INTO operation_calls (resource, operation, minute, calls) "
                     + "VALUES (?, ?, ?, ?) ON CONFLICT (resource, operation, minute) "
                     + "DO UPDATE SET calls = operation_calls.calls + excluded.calls")) {
            for (Map.Entry<Operation, Long> entry : taken.entrySet()) {
                upsert.setString(1, entry.getKey().resource());
                upsert.setString(2, entry.getKey().id());
                upsert.setTimestamp(3, minute);
                upsert.setLong(4, entry.getValue());
                upsert.addBatch();
            }
            upsert.executeBatch();
        } catch (SQLException e) {
            taken.forEach((operation, calls) -> counted.computeIfAbsent(operation, key -> new LongAdder()).add(calls));
            throw e;
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement prune = c.prepareStatement("DELETE FROM operation_calls WHERE minute < ?")) {
            prune.setTimestamp(1, Timestamp.from(clock.instant().minus(WINDOW.multipliedBy(2))));
            prune.executeUpdate();
        }
    }

    /** The calls of each operation of {@code resource} in the last {@link #WINDOW}, by operation id. */
    public Map<String, Long> lastWindow(String resource) throws SQLException {
        Map<String, Long> calls = new LinkedHashMap<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT operation, sum(calls) FROM operation_calls "
                     + "WHERE resource = ? AND minute >= ? GROUP BY operation ORDER BY operation")) {
            ps.setString(1, resource);
            ps.setTimestamp(2, Timestamp.from(clock.instant().minus(WINDOW).truncatedTo(ChronoUnit.MINUTES)));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    calls.put(rs.getString(1), rs.getLong(2));
                }
            }
        }
        counted.forEach((operation, adder) -> {
            if (operation.resource().equals(resource) && adder.sum() > 0) {
                calls.merge(operation.id(), adder.sum(), Long::sum); // this replica's, not flushed yet
            }
        });
        return calls;
    }
}
