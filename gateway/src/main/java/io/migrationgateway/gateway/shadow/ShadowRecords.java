package io.migrationgateway.gateway.shadow;

import com.fasterxml.jackson.databind.node.ArrayNode;
import io.migrationgateway.flags.mode.Mode;
import io.migrationgateway.gateway.compare.Answer;
import io.migrationgateway.gateway.compare.Difference;
import io.migrationgateway.gateway.shadow.ShadowRead.ReadScope;
import io.migrationgateway.storage.StorageUnavailableException;
import io.migrationgateway.translators.json.Json;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * The shadow comparisons in PostgreSQL ({@code shadow_comparison}, Diffy's counters in {@code shadow_route_counter} and
 * {@code shadow_path_counter}, skips in {@code shadow_skipped}), shared by every replica. A batch of compared reads
 * updates its counters and is classified against them in one transaction, so concurrent batches on several replicas
 * each see counts that include their own. Thread-safe.
 */
public final class ShadowRecords {
    private static final byte[] NO_BODY = new byte[0];

    private final DataSource dataSource;

    public ShadowRecords(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** A differing path of a compared read, classified. */
    public record ClassifiedPath(Difference difference, boolean mismatch) {
    }

    /**
     * A compared read to store: where, in which mode, both sides' status and time, and the differences.
     *
     * @param raw   where the two sides differed
     * @param noise where two authoritative answers differed, when this read was checked for noise
     * @param swept made by a compare sweep rather than for a caller's read
     */
    public record Compared(ReadScope scope, Mode mode, Answer authoritative, Answer shadow, List<Difference> raw,
                           Optional<List<Difference>> noise, boolean swept) {
        public Compared {
            // only status and time are stored: the bodies are not kept while the read waits to be stored
            authoritative = new Answer(authoritative.status(), NO_BODY, authoritative.seconds());
            shadow = new Answer(shadow.status(), NO_BODY, shadow.seconds());
            raw = List.copyOf(raw);
        }

        /** A caller's read compared. */
        public Compared(ReadScope scope, Mode mode, Answer authoritative, Answer shadow, List<Difference> raw,
                        Optional<List<Difference>> noise) {
            this(scope, mode, authoritative, shadow, raw, noise, false);
        }
    }

    /**
     * Counts a batch of compared reads and their differing paths, classifies each path by {@code thresholds} over the
     * counts after the batch, and stores the reads with their outcomes, in one transaction: one round trip for the route
     * counters, one for the path counters, one for the reads, one commit, however many reads the batch holds.
     *
     * @return the outcome stored for each read, in the batch's order
     */
    public List<Outcome> storeCompared(List<Compared> batch, NoiseThresholds thresholds) {
        if (batch.isEmpty()) {
            return List.of();
        }
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                // sorted keys: replicas storing batches at once lock counter rows in the same order, so never deadlock
                Map<List<String>, long[]> routes = new TreeMap<>(KEY_ORDER);
                Map<List<String>, long[]> paths = new TreeMap<>(KEY_ORDER);
                for (Compared read : batch) {
                    long[] route = routes.computeIfAbsent(List.of(read.scope().resource(), read.scope().route()), k -> new long[2]);
                    route[0]++;
                    route[1] += read.noise().isPresent() ? 1 : 0;
                    for (String path : paths(read.raw())) {
                        paths.computeIfAbsent(pathKey(read, path), k -> new long[2])[0]++;
                    }
                    for (String path : paths(read.noise().orElse(List.of()))) {
                        paths.computeIfAbsent(pathKey(read, path), k -> new long[2])[1]++;
                    }
                }
                Map<List<String>, long[]> routeTotals = addCounts(c, ROUTE_COUNTS, routes);
                Map<List<String>, long[]> pathTotals = addCounts(c, PATH_COUNTS, paths);
                List<Outcome> outcomes = new ArrayList<>(batch.size());
                try (PreparedStatement insert = c.prepareStatement(INSERT)) {
                    for (Compared read : batch) {
                        long[] route = routeTotals.get(List.of(read.scope().resource(), read.scope().route()));
                        List<ClassifiedPath> classified = new ArrayList<>();
                        for (Difference difference : read.raw()) {
                            long[] path = pathTotals.get(pathKey(read, difference.path()));
                            classified.add(new ClassifiedPath(difference, thresholds.isMismatch(path[0], route[0], path[1], route[1])));
                        }
                        Outcome outcome = read.raw().isEmpty() ? Outcome.MATCH
                                : classified.stream().anyMatch(ClassifiedPath::mismatch) ? Outcome.MISMATCH : Outcome.NOISE;
                        bind(insert, read.scope(), read.mode(), outcome, "", classifiedPaths(classified), read.authoritative(),
                                Optional.of(read.shadow()), read.swept());
                        insert.addBatch();
                        outcomes.add(outcome);
                    }
                    insert.executeBatch();
                }
                c.commit();
                return outcomes;
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new StorageUnavailableException("cannot record shadow comparisons: " + e.getMessage(), e);
        }
    }

    /** Stores a read whose other side failed or timed out; {@code swept} when a compare sweep made it. */
    public void recordShadowError(ReadScope scope, Mode mode, Answer authoritative, String detail, Optional<Answer> shadow,
                                  boolean swept) {
        try (Connection c = dataSource.getConnection(); PreparedStatement insert = c.prepareStatement(INSERT)) {
            bind(insert, scope, mode, Outcome.SHADOW_ERROR, detail, Json.MAPPER.createArrayNode(), authoritative, shadow, swept);
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new StorageUnavailableException("cannot record a shadow error: " + e.getMessage(), e);
        }
    }

    /** Adds skip counts, keyed by (resource, namespace, route, reason). */
    public void addSkipped(Map<SkipCounter.Key, Long> skipped) {
        if (skipped.isEmpty()) {
            return;
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO shadow_skipped (resource, namespace, route, reason, skipped) "
                     + "VALUES (?, ?, ?, ?, ?) ON CONFLICT (resource, namespace, route, reason) "
                     + "DO UPDATE SET skipped = shadow_skipped.skipped + excluded.skipped")) {
            for (Map.Entry<SkipCounter.Key, Long> entry : skipped.entrySet()) {
                ps.setString(1, entry.getKey().resource());
                ps.setString(2, entry.getKey().namespace());
                ps.setString(3, entry.getKey().route());
                ps.setString(4, entry.getKey().reason());
                ps.setLong(5, entry.getValue());
                ps.addBatch();
            }
            ps.executeBatch();
        } catch (SQLException e) {
            throw new StorageUnavailableException("cannot record skipped shadow comparisons: " + e.getMessage(), e);
        }
    }

    /**
     * The outcomes of the latest {@code limit} compared reads (match or mismatch; noise, errors and skips are not) of
     * {@code resource}, in {@code namespace} or in all of them: callers' reads, or a compare sweep's when {@code swept}.
     * An index scan of at most {@code limit} rows of the scope for either origin (V10 indexes the swept rows apart).
     *
     * @return {compared, mismatched}
     */
    public long[] latestCompared(String resource, Optional<String> namespace, int limit, boolean swept) {
        String sql = "SELECT count(*), count(*) FILTER (WHERE outcome = 'mismatch') FROM (SELECT outcome FROM shadow_comparison "
                + "WHERE resource = ? " + (namespace.isPresent() ? "AND namespace = ? " : "")
                + "AND outcome IN ('match', 'mismatch') AND " + (swept ? "swept" : "NOT swept")
                + " ORDER BY compared_at DESC, id DESC LIMIT ?) latest";
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            int i = 1;
            ps.setString(i++, resource);
            if (namespace.isPresent()) {
                ps.setString(i++, namespace.get());
            }
            ps.setInt(i, limit);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new long[] {rs.getLong(1), rs.getLong(2)};
            }
        } catch (SQLException e) {
            throw new StorageUnavailableException("cannot read shadow comparisons: " + e.getMessage(), e);
        }
    }

    /**
     * The comparisons of {@code resource}, in {@code namespace} or in all of them, since {@code since} (all kept, when
     * empty), live and swept: distinct objects compared (noise included: the object was compared), and the reads that
     * matched or differed. One pass over the window's rows, at flip time.
     *
     * @return {objects, compared, mismatched}
     */
    public long[] coverage(String resource, Optional<String> namespace, Optional<Instant> since) {
        String sql = "SELECT count(DISTINCT (namespace, object_name)) FILTER (WHERE object_name <> ''), "
                + "count(*) FILTER (WHERE outcome IN ('match', 'mismatch')), count(*) FILTER (WHERE outcome = 'mismatch') "
                + "FROM shadow_comparison WHERE resource = ? " + (namespace.isPresent() ? "AND namespace = ? " : "")
                + (since.isPresent() ? "AND compared_at > ? " : "") + "AND outcome IN ('match', 'mismatch', 'noise')";
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            int i = 1;
            ps.setString(i++, resource);
            if (namespace.isPresent()) {
                ps.setString(i++, namespace.get());
            }
            if (since.isPresent()) {
                ps.setTimestamp(i, Timestamp.from(since.get()));
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3)};
            }
        } catch (SQLException e) {
            throw new StorageUnavailableException("cannot read shadow comparisons: " + e.getMessage(), e);
        }
    }

    /** Deletes comparisons older than {@code before}; how many. */
    public int deleteOlderThan(Instant before) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("DELETE FROM shadow_comparison WHERE compared_at < ?")) {
            ps.setTimestamp(1, Timestamp.from(before));
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw new StorageUnavailableException("cannot delete old shadow comparisons: " + e.getMessage(), e);
        }
    }

    private static final Comparator<List<String>> KEY_ORDER = (a, b) -> {
        for (int i = 0; i < a.size(); i++) {
            int order = a.get(i).compareTo(b.get(i));
            if (order != 0) {
                return order;
            }
        }
        return 0;
    };

    /** Adds {compared, noise checks} per (resource, route). */
    private static final String ROUTE_COUNTS = "INSERT INTO shadow_route_counter (resource, route, compared, noise_checks) "
            + "SELECT * FROM unnest(?::text[], ?::text[], ?::bigint[], ?::bigint[]) "
            + "ON CONFLICT (resource, route) DO UPDATE SET compared = shadow_route_counter.compared + excluded.compared, "
            + "noise_checks = shadow_route_counter.noise_checks + excluded.noise_checks "
            + "RETURNING resource, route, compared, noise_checks";
    /** Adds {raw, noise} per (resource, route, path). */
    private static final String PATH_COUNTS = "INSERT INTO shadow_path_counter (resource, route, path, raw, noise) "
            + "SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::bigint[], ?::bigint[]) "
            + "ON CONFLICT (resource, route, path) DO UPDATE SET raw = shadow_path_counter.raw + excluded.raw, "
            + "noise = shadow_path_counter.noise + excluded.noise RETURNING resource, route, path, raw, noise";

    /**
     * Adds two counts per key (its text columns first, then the two counts) with one statement of {@code sql}.
     *
     * @return the totals after adding, by key
     */
    private static Map<List<String>, long[]> addCounts(Connection c, String sql, Map<List<String>, long[]> counts) throws SQLException {
        Map<List<String>, long[]> totals = new HashMap<>();
        if (counts.isEmpty()) {
            return totals;
        }
        int keyColumns = counts.keySet().iterator().next().size();
        Object[][] columns = new Object[keyColumns + 2][counts.size()];
        int row = 0;
        for (Map.Entry<List<String>, long[]> entry : counts.entrySet()) {
            for (int k = 0; k < keyColumns; k++) {
                columns[k][row] = entry.getKey().get(k);
            }
            columns[keyColumns][row] = entry.getValue()[0];
            columns[keyColumns + 1][row] = entry.getValue()[1];
            row++;
        }
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int k = 0; k < keyColumns; k++) {
                ps.setArray(k + 1, c.createArrayOf("text", columns[k]));
            }
            ps.setArray(keyColumns + 1, c.createArrayOf("bigint", columns[keyColumns]));
            ps.setArray(keyColumns + 2, c.createArrayOf("bigint", columns[keyColumns + 1]));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    List<String> key = new ArrayList<>(keyColumns);
                    for (int k = 1; k <= keyColumns; k++) {
                        key.add(rs.getString(k));
                    }
                    totals.put(key, new long[] {rs.getLong(keyColumns + 1), rs.getLong(keyColumns + 2)});
                }
            }
        }
        return totals;
    }

    private static List<String> pathKey(Compared read, String path) {
        return List.of(read.scope().resource(), read.scope().route(), path);
    }

    /** The distinct paths of {@code differences}: a path counts once per read. */
    private static Set<String> paths(List<Difference> differences) {
        Set<String> paths = new LinkedHashSet<>();
        differences.forEach(d -> paths.add(d.path()));
        return paths;
    }

    private static ArrayNode classifiedPaths(List<ClassifiedPath> classified) {
        ArrayNode paths = Json.MAPPER.createArrayNode();
        for (ClassifiedPath path : classified) {
            paths.addObject()
                    .put("path", path.difference().path())
                    .put("kind", path.mismatch() ? "mismatch" : "noise")
                    .put("authoritative", path.difference().authoritative())
                    .put("shadow", path.difference().shadow());
        }
        return paths;
    }

    private static final String INSERT = "INSERT INTO shadow_comparison (resource, namespace, route, object_name, mode, outcome, "
            + "detail, paths, authoritative_status, shadow_status, authoritative_ms, shadow_ms, swept) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?)";

    private static void bind(PreparedStatement ps, ReadScope scope, Mode mode, Outcome outcome, String detail, ArrayNode paths,
                             Answer authoritative, Optional<Answer> shadow, boolean swept) throws SQLException {
        ps.setString(1, scope.resource());
        ps.setString(2, scope.namespace());
        ps.setString(3, scope.route());
        ps.setString(4, scope.objectName());
        ps.setInt(5, mode.number());
        ps.setString(6, outcome.label());
        ps.setString(7, detail);
        ps.setString(8, paths.toString());
        ps.setInt(9, authoritative.status());
        if (shadow.isPresent()) {
            ps.setInt(10, shadow.get().status());
            ps.setDouble(12, shadow.get().seconds() * 1000);
        } else {
            ps.setNull(10, Types.INTEGER);
            ps.setNull(12, Types.DOUBLE);
        }
        ps.setDouble(11, authoritative.seconds() * 1000);
        ps.setBoolean(13, swept);
    }
}
