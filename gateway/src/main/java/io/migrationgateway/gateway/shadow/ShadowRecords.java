package io.migrationgateway.gateway.shadow;

import com.fasterxml.jackson.databind.node.ArrayNode;
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
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

/**
 * The shadow comparisons in PostgreSQL ({@code shadow_comparison}, Diffy's counters in {@code shadow_route_counter} and
 * {@code shadow_path_counter}, skips in {@code shadow_skipped}), shared by every replica. A compared read updates its
 * counters and is classified against them in one transaction, so concurrent comparisons on several replicas each see
 * counts that include their own. Thread-safe.
 */
public final class ShadowRecords {
    private final DataSource dataSource;

    public ShadowRecords(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** A differing path of a compared read, classified. */
    public record ClassifiedPath(Difference difference, boolean mismatch) {
    }

    /**
     * Counts a compared read and its differing paths, classifies each path by {@code thresholds} over the counts so far,
     * and stores the read with its outcome.
     *
     * @param raw   where the two sides differed
     * @param noise where two authoritative answers differed, when this read was checked for noise
     * @return the outcome stored
     */
    public Outcome recordCompared(ReadScope scope, int mode, Answer authoritative, Answer shadow, List<Difference> raw,
                                  Optional<List<Difference>> noise, NoiseThresholds thresholds) {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                long[] route = countRoute(c, scope, noise.isPresent());
                Set<String> noisy = new LinkedHashSet<>();
                noise.ifPresent(differences -> differences.forEach(d -> noisy.add(d.path())));
                Set<String> differing = new LinkedHashSet<>();
                raw.forEach(d -> differing.add(d.path()));
                Map<String, long[]> counts = new LinkedHashMap<>();
                Set<String> touched = new LinkedHashSet<>(differing);
                touched.addAll(noisy);
                for (String path : touched) {
                    counts.put(path, countPath(c, scope, path, differing.contains(path), noisy.contains(path)));
                }
                List<ClassifiedPath> classified = new ArrayList<>();
                for (Difference difference : raw) {
                    long[] path = counts.get(difference.path());
                    classified.add(new ClassifiedPath(difference, thresholds.isMismatch(path[0], route[0], path[1], route[1])));
                }
                Outcome outcome = raw.isEmpty() ? Outcome.MATCH
                        : classified.stream().anyMatch(ClassifiedPath::mismatch) ? Outcome.MISMATCH : Outcome.NOISE;
                insert(c, scope, mode, outcome, "", paths(classified), authoritative, Optional.of(shadow));
                c.commit();
                return outcome;
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new StorageUnavailableException("cannot record a shadow comparison: " + e.getMessage(), e);
        }
    }

    /** Stores a read whose other side failed or timed out. */
    public void recordShadowError(ReadScope scope, int mode, Answer authoritative, String detail, Optional<Answer> shadow) {
        try (Connection c = dataSource.getConnection()) {
            insert(c, scope, mode, Outcome.SHADOW_ERROR, detail, Json.MAPPER.createArrayNode(), authoritative, shadow);
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
     * The outcomes of the latest {@code limit} compared reads (match or mismatch; noise, errors and skips are not
     * compared reads) of {@code resource}, in {@code namespace} or in all of them.
     *
     * @return {compared, mismatched}
     */
    public long[] latestCompared(String resource, Optional<String> namespace, int limit) {
        String sql = "SELECT count(*), count(*) FILTER (WHERE outcome = 'mismatch') FROM (SELECT outcome FROM shadow_comparison "
                + "WHERE resource = ? " + (namespace.isPresent() ? "AND namespace = ? " : "")
                + "AND outcome IN ('match', 'mismatch') ORDER BY compared_at DESC, id DESC LIMIT ?) latest";
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

    /** {compared, noise checks} of the route after counting this read. */
    private static long[] countRoute(Connection c, ReadScope scope, boolean noiseChecked) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO shadow_route_counter (resource, route, compared, noise_checks) "
                + "VALUES (?, ?, 1, ?) ON CONFLICT (resource, route) DO UPDATE SET compared = shadow_route_counter.compared + 1, "
                + "noise_checks = shadow_route_counter.noise_checks + excluded.noise_checks RETURNING compared, noise_checks")) {
            ps.setString(1, scope.resource());
            ps.setString(2, scope.route());
            ps.setLong(3, noiseChecked ? 1 : 0);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new long[] {rs.getLong(1), rs.getLong(2)};
            }
        }
    }

    /** {raw, noise} of the path after counting this read. */
    private static long[] countPath(Connection c, ReadScope scope, String path, boolean raw, boolean noise) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO shadow_path_counter (resource, route, path, raw, noise) "
                + "VALUES (?, ?, ?, ?, ?) ON CONFLICT (resource, route, path) DO UPDATE SET raw = shadow_path_counter.raw + excluded.raw, "
                + "noise = shadow_path_counter.noise + excluded.noise RETURNING raw, noise")) {
            ps.setString(1, scope.resource());
            ps.setString(2, scope.route());
            ps.setString(3, path);
            ps.setLong(4, raw ? 1 : 0);
            ps.setLong(5, noise ? 1 : 0);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new long[] {rs.getLong(1), rs.getLong(2)};
            }
        }
    }

    private static ArrayNode paths(List<ClassifiedPath> classified) {
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

    private static void insert(Connection c, ReadScope scope, int mode, Outcome outcome, String detail, ArrayNode paths,
                               Answer authoritative, Optional<Answer> shadow) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO shadow_comparison (resource, namespace, route, object_name, mode, "
                + "outcome, detail, paths, authoritative_status, shadow_status, authoritative_ms, shadow_ms) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)")) {
            ps.setString(1, scope.resource());
            ps.setString(2, scope.namespace());
            ps.setString(3, scope.route());
            ps.setString(4, scope.objectName());
            ps.setInt(5, mode);
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
            ps.executeUpdate();
        }
    }
}
