import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The JDBC reference of bench/resource-api.sh: the statements unified storage runs for a GET by name and for a PUT,
 * sent over pgjdbc (the driver the gateway uses) by CLIENTS threads with a connection each, without the API around
 * them: no HTTP, no JSON, no pool, no authentication. The pgbench reference measures the same statements from C.
 *
 * <p>One process serves the whole benchmark, so the JIT warms up once, as the gateway's does: it opens its
 * connections, then reads commands from stdin, one per line, and answers each on stdout:
 * <pre>
 *   run get|put SECONDS   ->  ok TRANSACTIONS_PER_SECOND P50_MS P99_MS FAILED TRANSACTIONS
 * </pre>
 * A failed transaction is counted, rolled back, and its first error printed to stderr. End of input stops it.
 *
 * <p>Run from the repository root with the gateway's jar on the class path (it carries pgjdbc):
 * <pre>
 *   java -cp gateway/target/migration-gateway.jar bench/JdbcReference.java JDBC_URL SCHEMA CLIENTS GROUP RESOURCE NAMESPACE FIRST COUNT
 * </pre>
 * Names are FIRST .. FIRST + COUNT - 1, chosen at random per transaction, as pgbench's script does.
 */
public final class JdbcReference {
    // ObjectRows.findJson
    private static final String FIND = "SELECT value FROM resource "
        + "WHERE \"group\" = ? AND resource = ? AND namespace = ? AND name = ?";
    // ResourceVersionCounter.lock
    private static final String LOCK_COUNTER =
        "SELECT resource_version FROM resource_version WHERE \"group\" = ? AND resource = ? FOR UPDATE";
    // ObjectRows.UPDATE_CURRENT
    private static final String UPDATE_CURRENT = "UPDATE resource SET guid = ?, value = convert_from(?, 'UTF8'), "
        + "labels = ?::jsonb, resource_version = ?, folder = ?, previous_resource_version = ?, action = 2"
        + " WHERE \"group\" = ? AND resource = ? AND namespace = ? AND name = ?";
    // ObjectRows.historyOfCurrent
    private static final String HISTORY_OF_CURRENT = "INSERT INTO resource_history (guid, \"group\", resource, "
        + "namespace, name, value, labels, resource_version, folder, previous_resource_version, action, generation) "
        + "SELECT r.guid, r.\"group\", r.resource, r.namespace, r.name, r.value, r.labels, r.resource_version, "
        + "r.folder, r.previous_resource_version, r.action, w.generation "
        + "FROM unnest(?::uuid[], ?::bigint[]) AS w(guid, generation) "
        + "CROSS JOIN LATERAL (SELECT * FROM resource WHERE guid = w.guid OFFSET 0) r";
    // ResourceVersionCounter (Allocation.save)
    private static final String SAVE_COUNTER =
        "UPDATE resource_version SET resource_version = ? WHERE \"group\" = ? AND resource = ?";

    private final String group;
    private final String resource;
    private final String namespace;
    private final int first;
    private final int count;

    private JdbcReference(String group, String resource, String namespace, int first, int count) {
        this.group = group;
        this.resource = resource;
        this.namespace = namespace;
        this.first = first;
        this.count = count;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 8) {
            System.err.println("usage: JdbcReference JDBC_URL SCHEMA CLIENTS GROUP RESOURCE NAMESPACE FIRST COUNT");
            System.exit(2);
        }
        var reference = new JdbcReference(args[3], args[4], args[5], Integer.parseInt(args[6]), Integer.parseInt(args[7]));
        List<Connection> connections = new ArrayList<>();
        for (int i = 0; i < Integer.parseInt(args[2]); i++) {
            Connection c = DriverManager.getConnection(args[0]);
            c.setSchema(args[1]);
            connections.add(c);
        }
        var in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in));
        for (String line; (line = in.readLine()) != null; ) {
            String[] command = line.trim().split("\\s+");
            if (command.length != 3 || !command[0].equals("run") || !List.of("get", "put").contains(command[1])) {
                System.out.println("error: expected 'run get|put SECONDS', got '" + line + "'");
                continue;
            }
            System.out.println(reference.run(connections, command[1].equals("put"), Integer.parseInt(command[2])));
        }
        for (Connection c : connections) {
            c.close();
        }
    }

    /** Runs every client for {@code seconds}; answers "ok tps p50_ms p99_ms failed transactions". */
    private String run(List<Connection> connections, boolean put, int seconds) throws InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        List<Client> clients = new ArrayList<>();
        for (Connection c : connections) {
            clients.add(new Client(c, put, end));
        }
        long start = System.nanoTime();
        clients.forEach(Thread::start);
        for (Client client : clients) {
            client.join();
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        long[] latencies = clients.stream().flatMapToLong(c -> Arrays.stream(c.latencies, 0, c.done)).sorted().toArray();
        long failed = clients.stream().mapToLong(c -> c.failed).sum();
        return String.format(java.util.Locale.ROOT, "ok %.2f %.3f %.3f %d %d", latencies.length / elapsed,
            percentile(latencies, 0.50) / 1e6, percentile(latencies, 0.99) / 1e6, failed, latencies.length);
    }

    private static long percentile(long[] sorted, double p) {
        return sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)];
    }

    /** One connection's loop, pgbench's client: a transaction, then the next, until the end; latencies in ns. */
    private final class Client extends Thread {
        private final Connection connection;
        private final boolean put;
        private final long end;
        private long[] latencies = new long[1 << 16];
        private int done;
        private long failed;

        Client(Connection connection, boolean put, long end) {
            this.connection = connection;
            this.put = put;
            this.end = end;
        }

        @Override
        public void run() {
            for (long started; (started = System.nanoTime()) < end; ) {
                String name = Integer.toString(first + ThreadLocalRandom.current().nextInt(count));
                try {
                    if (put) {
                        update(name);
                    } else {
                        find(name);
                    }
                } catch (SQLException e) {
                    if (failed++ == 0) {
                        System.err.println((put ? "put " : "get ") + name + ": " + e);
                    }
                    rollback();
                    continue;
                }
                if (done == latencies.length) {
                    latencies = Arrays.copyOf(latencies, done * 2);
                }
                latencies[done++] = System.nanoTime() - started;
            }
        }

        private byte[] find(String name) throws SQLException {
            try (PreparedStatement ps = connection.prepareStatement(FIND)) {
                bindKey(ps, 1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("no object named " + name);
                    }
                    return rs.getBytes(1);
                }
            }
        }

        /** ObjectWrites.update's transaction; writes back the value it read, the next resource version is last + 1. */
        private void update(String name) throws SQLException {
            connection.setAutoCommit(false);
            long last;
            try (PreparedStatement ps = connection.prepareStatement(LOCK_COUNTER)) {
                ps.setString(1, group);
                ps.setString(2, resource);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    last = rs.getLong(1);
                }
            }
            byte[] value = find(name);
            long next = last + 1;
            UUID guid = UUID.randomUUID();
            try (PreparedStatement ps = connection.prepareStatement(UPDATE_CURRENT)) {
                ps.setObject(1, guid);
                ps.setBytes(2, value);
                ps.setString(3, null);
                ps.setLong(4, next);
                ps.setString(5, "");
                ps.setLong(6, last);
                bindKey(ps, 7, name);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = connection.prepareStatement(HISTORY_OF_CURRENT)) {
                ps.setArray(1, connection.createArrayOf("uuid", new Object[] {guid}));
                ps.setArray(2, connection.createArrayOf("bigint", new Object[] {2L}));
                ps.executeUpdate();
            }
            try (PreparedStatement ps = connection.prepareStatement(SAVE_COUNTER)) {
                ps.setLong(1, next);
                ps.setString(2, group);
                ps.setString(3, resource);
                ps.executeUpdate();
            }
            connection.commit();
            connection.setAutoCommit(true);
        }

        private void bindKey(PreparedStatement ps, int firstIndex, String name) throws SQLException {
            ps.setString(firstIndex, group);
            ps.setString(firstIndex + 1, resource);
            ps.setString(firstIndex + 2, namespace);
            ps.setString(firstIndex + 3, name);
        }

        private void rollback() {
            try {
                connection.rollback();
                connection.setAutoCommit(true);
            } catch (SQLException ignored) {
                // the next transaction fails too, and is counted
            }
        }
    }
}
