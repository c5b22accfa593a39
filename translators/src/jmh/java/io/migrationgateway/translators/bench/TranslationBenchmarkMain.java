package io.migrationgateway.translators.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs {@link TranslationBenchmark} (JMH options from the command line, e.g. {@code -f 1 -wi 3 -i 5}) and prints, per
 * direction, the corpus throughput of parsing alone and of parsing plus translating, and their ratio
 * (translate+parse ÷ parse; the target is at most 1.5).
 *
 * <p>A shared machine's load drifts over minutes, so the two benchmarks of a direction are run as a pair, back to
 * back, several times ({@code -Drounds=N}, default 3), and the median of the pairs' ratios is reported: a drift
 * then weighs on both halves of a ratio alike. On a busy machine even that is noisy, so the ratio is also measured in
 * CPU time of the measuring thread (which other processes do not inflate), one parse pass and one translate pass
 * after the other, many times over, after JMH has warmed the code up in its own forks: the median of those pairs is
 * the "CPU ratio" column.
 */
public final class TranslationBenchmarkMain {
    private static final String[] DIRECTIONS = {"save", "answer", "read"};

    private TranslationBenchmarkMain() {
    }

    public static void main(String[] args) throws Exception {
        CommandLineOptions command = new CommandLineOptions(args);
        int rounds = Integer.getInteger("rounds", 3);
        TranslationBenchmark corpus = new TranslationBenchmark();
        corpus.setUp();
        List<String> rows = new ArrayList<>();
        for (String direction : DIRECTIONS) {
            String suffix = Character.toUpperCase(direction.charAt(0)) + direction.substring(1);
            List<double[]> pairs = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                double parse = score(command, "parse" + suffix);
                double translate = score(command, "translate" + suffix);
                pairs.add(new double[] {parse, translate, parse / translate});
            }
            pairs.sort((a, b) -> Double.compare(a[2], b[2]));
            double[] median = pairs.get(pairs.size() / 2);
            double megabytes = corpus.bytes(direction) / 1e6;
            StringBuilder all = new StringBuilder();
            pairs.forEach(p -> all.append(all.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "%.2f", p[2])));
            rows.add(String.format(Locale.ROOT, "%s | %.2f | %.0f | %.0f | %.2f | %s", direction, megabytes, median[0] * megabytes,
                    median[1] * megabytes, median[2], all));
        }
        System.out.println();
        System.out.println("direction | corpus MB | parse MB/s | parse+translate MB/s | (translate+parse) / parse | every round | CPU ratio");
        System.out.println("---|---:|---:|---:|---:|---|---:");
        for (int i = 0; i < DIRECTIONS.length; i++) {
            System.out.println(rows.get(i) + String.format(Locale.ROOT, " | %.2f", cpuRatio(corpus, DIRECTIONS[i])));
        }
    }

    /** The median, over alternating passes, of translate+parse CPU time ÷ parse CPU time for one direction. */
    private static double cpuRatio(TranslationBenchmark corpus, String direction) throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<Double> ratios = new ArrayList<>();
        for (int pass = 0; pass < 400; pass++) {
            long start = threads.getCurrentThreadCpuTime();
            corpus.pass("parse", direction);
            long parsed = threads.getCurrentThreadCpuTime();
            corpus.pass("translate", direction);
            long translated = threads.getCurrentThreadCpuTime();
            if (pass >= 200) { // the first passes warm this JVM up
                ratios.add((double) (translated - parsed) / (parsed - start));
            }
        }
        ratios.sort(Double::compare);
        return ratios.get(ratios.size() / 2);
    }

    /** Operations (whole-corpus passes) per second of one benchmark. */
    private static double score(CommandLineOptions command, String benchmark) throws Exception {
        RunResult result = new Runner(new OptionsBuilder().parent(command)
                .include(TranslationBenchmark.class.getName() + "." + benchmark + "$").build()).runSingle();
        return result.getPrimaryResult().getScore();
    }
}
