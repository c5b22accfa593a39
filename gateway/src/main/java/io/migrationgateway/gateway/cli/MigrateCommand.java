package io.migrationgateway.gateway.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code migrate copy|verify|reverse-copy|compare RESOURCE}: starts a migration job in a running gateway (through its admin
 * API; the job runs there, shared by its replicas) and follows it with a progress bar, rows/s and ETA on a terminal,
 * plain lines otherwise; Ctrl-C pauses the job at its next chunk boundary ({@code migrate resume ID} goes on).
 * {@code migrate status [ID]}, {@code pause|resume|cancel ID}. Exit codes: 0 done (a verification: no difference),
 * 1 differences found or the job failed or was cancelled, 2 bad usage, 3 admin API unreachable, 130 paused by Ctrl-C.
 */
@Command(name = "migrate", mixinStandardHelpOptions = true,
        description = "Copy, verify, reverse-copy or compare a resource between the legacy side and unified storage, in a running gateway.",
        subcommands = {MigrateCommand.Start.Copy.class, MigrateCommand.Start.Verify.class, MigrateCommand.Start.ReverseCopy.class,
                MigrateCommand.Start.Compare.class,
                MigrateCommand.Status.class, MigrateCommand.Change.Pause.class, MigrateCommand.Change.Resume.class,
                MigrateCommand.Change.Cancel.class})
public final class MigrateCommand implements Runnable {
    static final int DIFFERENCES = 1;
    static final int INTERRUPTED = 130;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration PLAIN_EVERY = Duration.ofSeconds(5);

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private ModeCommand.AdminApi api;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Starts a job of one kind and follows it. */
    abstract static class Start implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @CommandLine.ParentCommand
        MigrateCommand parent;

        @Parameters(index = "0", paramLabel = "RESOURCE", completionCandidates = ResourceCandidates.class,
                description = ModeCommand.RESOURCE_NAMES)
        String resource;

        @Option(names = "--namespace", paramLabel = "NS", description = "Only this namespace (default, org-2, ...); default all.")
        String namespace;

        @Option(names = "--detach", description = "Start the job and return; follow it with `migrate status ID`.")
        boolean detach;

        abstract String kind();

        /** Adds the options of this kind of job to the request's body. */
        void options(ObjectNode body) {
        }

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            ModeCommand.AdminApi api = parent.api;
            return api.call(err, () -> {
                ObjectNode body = JSON.createObjectNode().put("kind", kind()).put("resource", resource);
                if (namespace != null) {
                    body.put("namespace", namespace);
                }
                options(body);
                HttpResponse<String> started = api.send("POST", "/admin/jobs", body.toString());
                if (started.statusCode() != 201) {
                    return api.failure(err, started);
                }
                JsonNode job = JSON.readTree(started.body());
                long id = job.path("id").asLong();
                out.printf("started job %d: %s %s in %s%n", id, kind(), job.path("resource").asText(),
                        namespace == null ? "all namespaces" : namespace);
                out.flush();
                return detach ? 0 : follow(api, id, out, err);
            });
        }

        @Command(name = "copy", mixinStandardHelpOptions = true,
                description = "Copy the legacy rows of RESOURCE into unified storage (then catch up with rows changed meanwhile).")
        static final class Copy extends Start {
            @Override
            String kind() {
                return "copy";
            }
        }

        @Command(name = "verify", mixinStandardHelpOptions = true,
                description = "Compare the legacy rows of RESOURCE with unified storage; exit 1 on any difference.")
        static final class Verify extends Start {
            @Override
            String kind() {
                return "verify";
            }
        }

        @Command(name = "reverse-copy", mixinStandardHelpOptions = true,
                description = "Copy RESOURCE from unified storage back into the legacy tables, then verify: the way down from mode 4.")
        static final class ReverseCopy extends Start {
            @Override
            String kind() {
                return "reverse-copy";
            }
        }

        @Command(name = "compare", mixinStandardHelpOptions = true,
                description = {"Read every object of RESOURCE, and its lists, through both paths of the gateway (the legacy API and "
                        + "the translator over unified storage) and record each comparison as swept shadow evidence for the flip "
                        + "gate; exit 1 when any differs.",
                        "Reads with jobs.compare-authorization (else dual-write.retry-authorization)."})
        static final class Compare extends Start {
            @Option(names = "--rate", paramLabel = "N", description = "Objects per second at most; default jobs.compare-rate (50).")
            Long rate;

            @Override
            String kind() {
                return "compare";
            }

            @Override
            void options(ObjectNode body) {
                if (rate != null) {
                    body.put("rate", rate);
                }
            }
        }
    }

    /**
     * Polls the job until it ends, drawing its progress; Ctrl-C pauses it. A terminal gets a bar redrawn in place,
     * anything else a plain line every few seconds.
     */
    static int follow(ModeCommand.AdminApi api, long id, PrintWriter out, PrintWriter err) throws java.io.IOException, InterruptedException {
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread pauseOnCtrlC = new Thread(() -> {
            interrupted.set(true);
            try {
                api.send("POST", "/admin/jobs/" + id + "/pause", "{}");
            } catch (Exception e) {
                // the process is ending; the job goes on in the gateway, which `migrate pause` can reach later
            }
        });
        Runtime.getRuntime().addShutdownHook(pauseOnCtrlC);
        boolean terminal = System.console() != null;
        Progress progress = new Progress(System.nanoTime());
        long lastPlain = 0;
        try {
            while (true) {
                HttpResponse<String> response = api.send("GET", "/admin/jobs/" + id, null);
                if (response.statusCode() != 200) {
                    return api.failure(err, response);
                }
                JsonNode job = JSON.readTree(response.body());
                String state = job.path("state").asText();
                String line = progress.line(job, System.nanoTime());
                boolean ended = !state.equals("running");
                if (terminal) {
                    out.print("\r" + line + "\u001b[K");
                    out.flush();
                } else if (ended || System.nanoTime() - lastPlain >= PLAIN_EVERY.toNanos()) {
                    out.println(line);
                    out.flush();
                    lastPlain = System.nanoTime();
                }
                if (ended) {
                    if (terminal) {
                        out.println();
                    }
                    return summary(job, out);
                }
                Thread.sleep(POLL.toMillis());
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(pauseOnCtrlC);
            } catch (IllegalStateException shuttingDown) {
                return INTERRUPTED;
            }
        }
    }

    private static int summary(JsonNode job, PrintWriter out) {
        JsonNode c = job.path("counts");
        String state = job.path("state").asText();
        if (job.path("kind").asText().equals("compare")) {
            out.printf("job %d %s: %s%n", job.path("id").asLong(), state, job.path("message").asText());
        } else {
            out.printf("job %d %s: processed %d, created %d, updated %d, unchanged %d, newer kept %d, unconvertible %d; "
                        + "matching %d, mismatched %d, missing %d, extra %d%s%n", job.path("id").asLong(), state,
                c.path("processed").asLong(), c.path("created").asLong(), c.path("updated").asLong(), c.path("unchanged").asLong(),
                c.path("skippedNewer").asLong(), c.path("unconvertible").asLong(), c.path("matching").asLong(),
                c.path("mismatched").asLong(), c.path("missing").asLong(), c.path("extra").asLong(),
                job.path("message").asText().isEmpty() ? "" : " (" + job.path("message").asText() + ")");
        }
        for (JsonNode finding : job.path("findings")) {
            out.printf("  %s %s%s %s%n", finding.path("kind").asText(), finding.path("namespace").asText().isEmpty() ? ""
                    : finding.path("namespace").asText() + "/", finding.path("name").asText(), finding.path("paths").toString());
        }
        out.flush();
        return switch (state) {
            case "succeeded" -> job.path("kind").asText().equals("copy") || !job.path("differences").asBoolean() ? 0 : DIFFERENCES;
            case "paused" -> INTERRUPTED;
            default -> DIFFERENCES;
        };
    }

    /** The progress line: bar, percentage, rows, rows/s and ETA, from the job's counts and its planned total. */
    record Progress(long startNanos) {
        private static final int WIDTH = 30;

        String line(JsonNode job, long now) {
            long done = job.path("counts").path("processed").asLong();
            long total = Math.max(job.path("rowsTotal").asLong(), done);
            double seconds = Math.max(1e-3, (now - startNanos) / 1e9);
            double rate = done / seconds;
            int filled = total == 0 ? 0 : (int) Math.min(WIDTH, WIDTH * done / total);
            String eta = rate <= 0 || total == 0 ? "--:--" : clock((long) ((total - done) / rate));
            return String.format(Locale.ROOT, "[%s%s] %3d%% %,d/%,d rows %,.0f rows/s ETA %s %s %s",
                    "#".repeat(filled), ".".repeat(WIDTH - filled), total == 0 ? 0 : 100 * done / total, done, total, rate, eta,
                    job.path("state").asText(), job.path("phase").asText());
        }

        private static String clock(long seconds) {
            return seconds >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
                    : String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
        }
    }

    /** {@code migrate status [ID]}: the latest jobs, or one job with its findings. */
    @Command(name = "status", mixinStandardHelpOptions = true, description = "Show the latest jobs, or job ID with what it found.")
    static final class Status implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @CommandLine.ParentCommand
        MigrateCommand parent;

        @Parameters(index = "0", arity = "0..1", paramLabel = "ID")
        Long id;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            ModeCommand.AdminApi api = parent.api;
            return api.call(err, () -> {
                HttpResponse<String> response = api.send("GET", id == null ? "/admin/jobs" : "/admin/jobs/" + id, null);
                if (response.statusCode() != 200) {
                    return api.failure(err, response);
                }
                JsonNode body = JSON.readTree(response.body());
                if (id != null) {
                    out.println(new Progress(System.nanoTime()).line(body, System.nanoTime()));
                    summary(body, out);
                    return 0;
                }
                out.printf("%-6s %-13s %-34s %-12s %-10s %-9s %12s%n", "ID", "KIND", "RESOURCE", "NAMESPACE", "STATE", "PHASE", "PROCESSED");
                for (JsonNode job : body) {
                    out.printf("%-6d %-13s %-34s %-12s %-10s %-9s %12d%n", job.path("id").asLong(), job.path("kind").asText(),
                            job.path("resource").asText(), job.path("namespace").isNull() ? "(all)" : job.path("namespace").asText(),
                            job.path("state").asText(), job.path("phase").asText(), job.path("counts").path("processed").asLong());
                }
                out.flush();
                return 0;
            });
        }
    }

    /** Pauses, resumes or cancels a job. */
    abstract static class Change implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @CommandLine.ParentCommand
        MigrateCommand parent;

        @Parameters(index = "0", paramLabel = "ID")
        long id;

        abstract String action();

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            ModeCommand.AdminApi api = parent.api;
            return api.call(err, () -> {
                HttpResponse<String> response = api.send("POST", "/admin/jobs/" + id + "/" + action(), "{}");
                if (response.statusCode() != 200) {
                    return api.failure(err, response);
                }
                JsonNode job = JSON.readTree(response.body());
                out.printf("job %d: %s%n", id, job.path("state").asText());
                out.flush();
                return action().equals("resume") ? follow(api, id, out, err) : 0;
            });
        }

        @Command(name = "pause", mixinStandardHelpOptions = true, description = "Pause job ID at its next chunk boundary.")
        static final class Pause extends Change {
            @Override
            String action() {
                return "pause";
            }
        }

        @Command(name = "resume", mixinStandardHelpOptions = true, description = "Resume job ID from its checkpoints and follow it.")
        static final class Resume extends Change {
            @Override
            String action() {
                return "resume";
            }
        }

        @Command(name = "cancel", mixinStandardHelpOptions = true, description = "Cancel job ID for good (what it wrote stays).")
        static final class Cancel extends Change {
            @Override
            String action() {
                return "cancel";
            }
        }
    }
}
