package io.migrationgateway.legacysim.seed;

import io.migrationgateway.legacysim.naming.Names;
import io.migrationgateway.legacysim.http.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

/**
 * Loads generated dashboards into one org of an already seeded legacy database, fast enough for scale runs
 * (100,000 well within two minutes on two cores): PostgreSQL {@code COPY} into {@code dashboard},
 * {@code dashboard_version} and {@code dashboard_tag}, one transaction per batch, while one background thread
 * generates and encodes the next batch.
 *
 * <p>The rows are the ones {@code DashboardStore} writes when a dashboard is created through the API: version
 * 1, slug from the title, the model (with its row id, uid, title and version) in {@code data} and in a single
 * {@code dashboard_version} row (parent 0, empty message), one {@code dashboard_tag} row per tag, created and
 * updated by the org's first Admin (else its first member). Dashboards go round-robin into the org's folders,
 * or to the root when it has none.
 *
 * <p>Ids are drawn from the {@code dashboard} sequence before each batch, so the loader can run next to a live
 * simulator. A failure rolls back the batch in progress and leaves the batches already committed, which the
 * progress callback has reported. Commits do not wait for the WAL flush ({@code synchronous_commit = off} for
 * the loader's own transactions): a crash may lose the last batches reported, which a rerun into a fresh
 * database repeats; it can never leave a batch half written. Loading the same generator's indexes into the
 * same org twice fails on Grafana's unique (org_id, uid) index.
 */
public final class BulkLoader {
    private final DataSource dataSource;
    private final Clock clock;
    private final int batchSize;

    /** Reports progress after each committed batch; called on the loading thread. */
    @FunctionalInterface
    public interface Progress {
        void loaded(long done, long total);
    }

    /** What a load wrote: as many {@code dashboard} and {@code dashboard_version} rows as dashboards. */
    public record Result(long dashboards, long tags, Duration elapsed) {
        public double dashboardsPerSecond() {
            return dashboards / Math.max(1e-3, elapsed.toNanos() / 1e9);
        }
    }

    /**
     * @param clock     gives every row's created and updated time (one instant per load)
     * @param batchSize dashboards per transaction; each brings a version row and about four tag rows, so
     *                  1,000 to 2,000 keeps transactions at a few thousand rows
     */
    public BulkLoader(DataSource dataSource, Clock clock, int batchSize) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be at least 1, got " + batchSize);
        }
        this.dataSource = dataSource;
        this.clock = clock;
        this.batchSize = batchSize;
    }

    /**
     * Loads the generator's dashboards {@code 0 .. count-1} into {@code orgId}.
     *
     * @throws IllegalArgumentException when the org has no members (it is not seeded)
     */
    public Result load(long orgId, long count, DashboardGenerator generator, Progress progress) throws SQLException {
        if (count < 0) {
            throw new IllegalArgumentException("count must be 0 or more, got " + count);
        }
        long started = System.nanoTime();
        long tags = 0;
        ExecutorService preparer = Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, "bulk-loader-prepare");
            thread.setDaemon(true);
            return thread;
        });
        try (Connection c = dataSource.getConnection()) {
            Batch.Shape shape = new Batch.Shape(orgId, author(c, orgId), folders(c, orgId),
                    LocalDateTime.ofInstant(clock.instant().truncatedTo(ChronoUnit.SECONDS), ZoneOffset.UTC).toString());
            CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                Future<Batch> pending = count == 0 ? null : prepare(preparer, c, generator, shape, 0, count);
                for (long done = 0; done < count; ) {
                    Batch batch = await(pending);
                    long next = done + batch.size();
                    pending = next < count ? prepare(preparer, c, generator, shape, next, count) : null;
                    try (Statement s = c.createStatement()) {
                        s.execute("SET LOCAL synchronous_commit TO off");
                    }
                    batch.copyInto(copy);
                    c.commit();
                    tags += batch.tags();
                    done = next;
                    progress.loaded(done, count);
                }
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(autoCommit);
            }
            // Fresh statistics at once: with the tables grown a thousandfold since autovacuum last looked,
            // the planner scans every row for a folder join (measured: 40 GETs/s instead of 10,000).
            try (Statement s = c.createStatement()) {
                s.execute("ANALYZE dashboard, dashboard_version, dashboard_tag");
            }
        } finally {
            preparer.shutdownNow();
        }
        return new Result(count, tags, Duration.ofNanos(System.nanoTime() - started));
    }

    /** Draws the batch's ids on the loading thread (the connection is not shared) and encodes it on the other. */
    private Future<Batch> prepare(ExecutorService preparer, Connection c, DashboardGenerator generator, Batch.Shape shape,
                                  long first, long count) throws SQLException {
        long[] ids = nextIds(c, (int) Math.min(batchSize, count - first));
        return preparer.submit(() -> Batch.encode(generator, shape, first, ids));
    }

    private static Batch await(Future<Batch> pending) throws SQLException {
        try {
            return pending.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while preparing a batch", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException("preparing a batch failed", e.getCause());
        }
    }

    private static long author(Connection c, long orgId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT user_id FROM org_user WHERE org_id = ?
                ORDER BY CASE role WHEN 'Admin' THEN 0 WHEN 'Editor' THEN 1 ELSE 2 END, user_id LIMIT 1""")) {
            ps.setLong(1, orgId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalArgumentException("org " + orgId + " has no members; seed the database first");
                }
                return rs.getLong(1);
            }
        }
    }

    private static List<Batch.Folder> folders(Connection c, long orgId) throws SQLException {
        List<Batch.Folder> folders = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT id, uid FROM dashboard WHERE org_id = ? AND is_folder AND deleted IS NULL ORDER BY id")) {
            ps.setLong(1, orgId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    folders.add(new Batch.Folder(rs.getLong(1), rs.getString(2)));
                }
            }
        }
        return folders.isEmpty() ? List.of(new Batch.Folder(0, null)) : folders;
    }

    private static long[] nextIds(Connection c, int n) throws SQLException {
        long[] ids = new long[n];
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT nextval(pg_get_serial_sequence('dashboard', 'id')) FROM generate_series(1, ?)")) {
            ps.setInt(1, n);
            try (ResultSet rs = ps.executeQuery()) {
                for (int i = 0; i < n; i++) {
                    rs.next();
                    ids[i] = rs.getLong(1);
                }
            }
        }
        return ids;
    }

    /**
     * One transaction's rows, encoded in COPY's text format.
     *
     * @param tags the number of {@code dashboard_tag} rows
     */
    private record Batch(int size, long tags, byte[] dashboards, byte[] versions, byte[] tagRows) {

        /** A target folder: its legacy id and uid, or {@code (0, null)} for the root. */
        record Folder(long id, String uid) {
        }

        /** What every row of a load shares. */
        record Shape(long orgId, long author, List<Folder> folders, String now) {
        }

        static Batch encode(DashboardGenerator generator, Shape shape, long first, long[] ids) {
            StringBuilder dashboards = new StringBuilder(ids.length * 16_384);
            StringBuilder versions = new StringBuilder(ids.length * 16_384);
            StringBuilder tagRows = new StringBuilder(ids.length * 256);
            String orgId = Long.toString(shape.orgId());
            String author = Long.toString(shape.author());
            long tags = 0;
            for (int i = 0; i < ids.length; i++) {
                long index = first + i;
                DashboardGenerator.Generated dashboard = generator.dashboard(index);
                Folder folder = shape.folders().get((int) (index % shape.folders().size()));
                dashboard.model().put("id", ids[i]);
                String data = escape(Json.write(dashboard.model()));
                String id = Long.toString(ids[i]);
                line(dashboards, id, "1", escape(Names.slugify(dashboard.title())), escape(dashboard.title()), data, orgId,
                        shape.now(), shape.now(), author, author, Long.toString(folder.id()), escape(folder.uid()),
                        escape(dashboard.uid()));
                line(versions, id, "0", "0", "1", shape.now(), author, "", data);
                for (String tag : dashboard.tags()) {
                    line(tagRows, id, escape(tag), escape(dashboard.uid()), orgId);
                    tags++;
                }
            }
            return new Batch(ids.length, tags, utf8(dashboards), utf8(versions), utf8(tagRows));
        }

        void copyInto(CopyManager copy) throws SQLException {
            try {
                copy.copyIn("""
                        COPY dashboard (id, version, slug, title, data, org_id, created, updated, created_by, updated_by,
                                        folder_id, folder_uid, uid) FROM STDIN""", new ByteArrayInputStream(dashboards));
                copy.copyIn("""
                        COPY dashboard_version (dashboard_id, parent_version, restored_from, version, created, created_by,
                                                message, data) FROM STDIN""", new ByteArrayInputStream(versions));
                copy.copyIn("COPY dashboard_tag (dashboard_id, term, dashboard_uid, org_id) FROM STDIN",
                        new ByteArrayInputStream(tagRows));
            } catch (IOException e) {
                throw new UncheckedIOException("reading rows from memory failed", e); // a byte array does not fail
            }
        }

        private static byte[] utf8(StringBuilder rows) {
            return rows.toString().getBytes(StandardCharsets.UTF_8);
        }

        /** A text-format line of fields already escaped: tab-separated, newline-terminated. */
        private static void line(StringBuilder out, String... fields) {
            for (int i = 0; i < fields.length; i++) {
                out.append(i == 0 ? "" : "\t").append(fields[i]);
            }
            out.append('\n');
        }

        /** {@code \N} for null; backslash escapes for the characters COPY's text format reserves. */
        private static String escape(String value) {
            if (value == null) {
                return "\\N";
            }
            StringBuilder out = null;
            for (int i = 0; i < value.length(); i++) {
                char ch = value.charAt(i);
                char code = switch (ch) {
                    case '\\' -> '\\';
                    case '\n' -> 'n';
                    case '\r' -> 'r';
                    case '\t' -> 't';
                    default -> 0;
                };
                if (code != 0 && out == null) {
                    out = new StringBuilder(value.length() + 64).append(value, 0, i);
                }
                if (code != 0) {
                    out.append('\\').append(code);
                } else if (out != null) {
                    out.append(ch);
                }
            }
            return out == null ? value : out.toString();
        }
    }
}
