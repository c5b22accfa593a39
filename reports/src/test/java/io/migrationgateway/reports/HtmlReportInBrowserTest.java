package io.migrationgateway.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each report's HTML page in a real headless browser (Debian's chromium; skipped when it is not
 * installed: apt-get install -y chromium): it loads from a file with the network off, logs no console error, and its
 * chart is drawn (the rendered DOM has the chart's marks). A screenshot of each lands in target/report-screenshots/.
 */
class HtmlReportInBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Pattern MARKS = Pattern.compile("<(path|rect|circle) class=\"(series|bar|point)[ \"]");

    @TempDir
    Path profile;

    static List<Report> reports() {
        return List.of(SampleReports.shadow(), SampleReports.dualWrite(), SampleReports.verification());
    }

    @ParameterizedTest
    @MethodSource("reports")
    void thePageLoadsWithoutConsoleErrorsAndItsChartRenders(Report report) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "chromium is not installed");
        Path shots = Files.createDirectories(Path.of("target", "report-screenshots"));
        Path page = shots.resolve(report.header().kind() + ".html");
        Files.write(page, ReportRenderer.render(report, ReportFormat.HTML));
        Path screenshot = shots.resolve(report.header().kind() + ".png");
        Files.deleteIfExists(screenshot);

        Result dom = chromium("--dump-dom", page.toUri().toString());
        Result shot = chromium("--screenshot=" + screenshot.toAbsolutePath(), "--window-size=1280,1400", page.toUri().toString());

        assertThat(dom.exit()).as(dom.err()).isZero();
        Matcher marks = MARKS.matcher(dom.out());
        int count = 0;
        while (marks.find()) {
            count++;
        }
        assertThat(count).as("drawn chart marks in the rendered DOM").isGreaterThanOrEqualTo(2);
        assertThat(dom.out()).contains("<svg", "</table>");
        if (report instanceof ShadowReport) {
            assertThat(dom.out()).as("live and swept comparisons apart, each with its chart").contains("<td>live</td>", "<td>swept</td>",
                    "Share of compared live reads that mismatched", "Share of compared swept reads that mismatched", "Samples of swept reads");
        }
        for (String log : List.of(dom.err(), shot.err())) {
            assertThat(log).doesNotContainIgnoringCase("Uncaught").doesNotContain("CONSOLE(").doesNotContain("Failed to load");
        }
        assertThat(shot.exit()).as(shot.err()).isZero();
        assertThat(Files.size(screenshot)).as("screenshot " + screenshot).isGreaterThan(1000);
    }

    private record Result(int exit, String out, String err) {
    }

    /** Chromium as root in a sandbox-less container, with every background network feature off. */
    private Result chromium(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-extensions", "--enable-logging=stderr", "--v=0", "--user-data-dir=" + profile));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).start();
        process.getOutputStream().close();
        var out = process.getInputStream();
        var err = process.getErrorStream();
        byte[][] streams = new byte[2][];
        Thread errReader = Thread.ofVirtual().start(() -> {
            try {
                streams[1] = err.readAllBytes();
            } catch (IOException e) {
                streams[1] = new byte[0];
            }
        });
        streams[0] = out.readAllBytes();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        errReader.join();
        return new Result(process.exitValue(), new String(streams[0], StandardCharsets.UTF_8), new String(streams[1], StandardCharsets.UTF_8));
    }
}
