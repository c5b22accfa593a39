package io.migrationgateway.jobs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.table.KeyRange;
import io.migrationgateway.translators.dashboard.LegacyDashboards;
import io.migrationgateway.translators.table.LegacyRow;
import io.migrationgateway.translators.table.LegacyTable;
import io.migrationgateway.legacysim.seed.BulkLoader;
import io.migrationgateway.legacysim.seed.DashboardGenerator;
import io.migrationgateway.translators.RowConverter.Converted;
import io.migrationgateway.translators.dashboard.DashboardRow;
import io.migrationgateway.translators.dashboard.DashboardTranslator;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Camel in the copy job (a benchmark, not a test; {@code bench/migration-jobs.sh camel [ROWS]}): does Camel earn a
 * place there? The copy's steps per chunk (read the legacy rows over JDBC, convert each with the translator, import the
 * chunk into unified storage) run on the same generated dashboards two ways, interleaved, three times each after a pass of each to warm up: as a plain Java
 * loop, and as a Camel route ({@code direct} endpoint, {@code loopDoWhile} over chunks, one processor per step, the
 * chunk in the exchange). Both are sequential and use fixed chunks of {@value #CHUNK} rows, so the difference is what
 * Camel's routing costs around the same calls. Prints rows/s of each and the ratio.
 */
public final class CamelCopyBenchmark {
    private static final int CHUNK = 250;
    private static final int ROUNDS = 3;
    private static final String PROPERTY_AFTER = "after";
    private static final String PROPERTY_MORE = "more";

    private CamelCopyBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        try (JobsFixture fixture = new JobsFixture().seeded()) {
            new BulkLoader(fixture.legacy, Clock.systemUTC(), 2_000).load(1, rows, DashboardGenerator.fromSeedDashboards(42),
                (done, total) -> { });
            long dashboards = fixture.legacyCount("SELECT count(*) FROM dashboard WHERE NOT is_folder");
            LegacyTable<DashboardRow> table = new LegacyDashboards(new DashboardTranslator(JobsFixture.TRANSLATORS),
                JobsFixture.TRANSLATORS);
            ChunkSteps steps = new ChunkSteps(fixture, table);
            try (CamelContext camel = new DefaultCamelContext()) {
                camel.addRoutes(route(steps));
                camel.start();
                ProducerTemplate producer = camel.createProducerTemplate();
                System.out.printf("%,d dashboards, chunks of %d rows, sequential read -> convert -> import%n", dashboards,
                    CHUNK);
                // one pass of each first: the JIT compiles the conversion and the import for both alike
                timed(fixture, () -> plainLoop(steps));
                timed(fixture, () -> producer.sendBody("direct:copy", null));
                double[] plain = new double[ROUNDS];
                double[] routed = new double[ROUNDS];
                for (int round = 0; round < ROUNDS; round++) {
                    plain[round] = timed(fixture, () -> plainLoop(steps));
                    routed[round] = timed(fixture, () -> producer.sendBody("direct:copy", null));
                    System.out.printf("round %d  plain loop %,8.0f rows/s   Camel route %,8.0f rows/s   route / loop %.3f%n",
                        round + 1, dashboards / plain[round], dashboards / routed[round], plain[round] / routed[round]);
                }
                double bestPlain = Arrays.stream(plain).min().orElseThrow();
                double bestRouted = Arrays.stream(routed).min().orElseThrow();
                System.out.printf("best of %d: plain loop %,.0f rows/s, Camel route %,.0f rows/s, route / loop %.3f%n",
                    ROUNDS, dashboards / bestPlain, dashboards / bestRouted, bestPlain / bestRouted);
            }
        }
    }

    private static void plainLoop(ChunkSteps steps) throws SQLException {
        long after = 0;
        while (true) {
            List<LegacyRow<DashboardRow>> rows = steps.read(after);
            if (rows.isEmpty()) {
                return;
            }
            steps.importChunk(steps.convert(rows));
            after = rows.getLast().id();
        }
    }

    private static RouteBuilder route(ChunkSteps steps) {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:copy")
                    .setProperty(PROPERTY_AFTER, constant(0L))
                    .setProperty(PROPERTY_MORE, constant(true))
                    .loopDoWhile(exchangeProperty(PROPERTY_MORE).isEqualTo(true))
                        .process(exchange -> {
                            List<LegacyRow<DashboardRow>> rows = steps.read(exchange.getProperty(PROPERTY_AFTER, Long.class));
                            exchange.setProperty(PROPERTY_MORE, !rows.isEmpty());
                            if (!rows.isEmpty()) {
                                exchange.setProperty(PROPERTY_AFTER, rows.getLast().id());
                            }
                            exchange.getIn().setBody(rows);
                        })
                        .process(exchange -> {
                            @SuppressWarnings("unchecked")
                            List<LegacyRow<DashboardRow>> rows = exchange.getIn().getBody(List.class);
                            exchange.getIn().setBody(steps.convert(rows));
                        })
                        .process(exchange -> {
                            @SuppressWarnings("unchecked")
                            List<ObjectNode> objects = exchange.getIn().getBody(List.class);
                            steps.importChunk(objects);
                        })
                    .end();
            }
        };
    }

    /** The copy's three steps on one chunk, shared by both variants. */
    private record ChunkSteps(JobsFixture fixture, LegacyTable<DashboardRow> table) {
        List<LegacyRow<DashboardRow>> read(long after) throws SQLException {
            try (Connection c = fixture.legacy.getConnection()) {
                return table.read(c, new KeyRange(after, Long.MAX_VALUE), OptionalLong.empty(), CHUNK);
            }
        }

        List<ObjectNode> convert(List<LegacyRow<DashboardRow>> rows) {
            List<ObjectNode> objects = new ArrayList<>(rows.size());
            for (LegacyRow<DashboardRow> row : rows) {
                if (table.converter().toImport(row.row()) instanceof Converted converted) {
                    objects.add(converted.object());
                }
            }
            return objects;
        }

        void importChunk(List<ObjectNode> objects) {
            if (!objects.isEmpty()) {
                fixture.store.importNewer(JobsFixture.DASHBOARD_GR, objects, Long.MAX_VALUE, (c, result) -> { });
            }
        }
    }

    @FunctionalInterface
    private interface Run {
        void run() throws Exception;
    }

    /** Seconds {@code run} took, on an empty unified storage (emptied after, for the next variant). */
    private static double timed(JobsFixture fixture, Run run) throws Exception {
        long start = System.nanoTime();
        run.run();
        double seconds = (System.nanoTime() - start) / 1e9;
        try (Connection c = fixture.unified.getConnection(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE resource, resource_history");
        }
        return seconds;
    }
}
