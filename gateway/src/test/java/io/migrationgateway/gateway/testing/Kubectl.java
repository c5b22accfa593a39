package io.migrationgateway.gateway.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The real kubectl on this machine, run against one kubeconfig with its own discovery cache and HOME,
 * so no user configuration or stale discovery hides a bug. Every run has a deadline.
 */
public final class Kubectl {
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);

    private final Path kubeconfig;
    private final Path home;

    public Kubectl(Path kubeconfig, Path home) {
        this.kubeconfig = kubeconfig;
        this.home = home;
    }

    /** Whether a kubectl binary is on the PATH (the acceptance tests are skipped without one). */
    public static boolean installed() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "kubectl"))) {
                return true;
            }
        }
        return false;
    }

    /** What one kubectl run printed and how it ended. */
    public record Result(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    public Result run(String... args) {
        Process process = start(args);
        try {
            process.getOutputStream().close();
            // read both streams fully on this thread and one helper, so a chatty process never blocks on a full pipe
            CopyOnWriteArrayList<String> err = new CopyOnWriteArrayList<>();
            Thread errReader = Thread.ofVirtual().start(() -> readLines(process, true, err));
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(RUN_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("kubectl " + String.join(" ", args) + " did not finish within " + RUN_TIMEOUT);
            }
            errReader.join(RUN_TIMEOUT.toMillis());
            return new Result(process.exitValue(), out, String.join("\n", err) + (err.isEmpty() ? "" : "\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new AssertionError("interrupted while kubectl ran", e);
        }
    }

    /** Runs kubectl and fails the test unless it exits 0; returns its standard output. */
    public String ok(String... args) {
        Result result = run(args);
        if (result.exitCode() != 0) {
            throw new AssertionError("kubectl " + String.join(" ", args) + " failed: " + result);
        }
        return result.out();
    }

    /** A long-running kubectl (such as {@code get -w}) whose output lines are collected as they come. */
    public Streaming stream(String... args) {
        Process process = start(args);
        List<String> lines = new CopyOnWriteArrayList<>();
        Thread.ofVirtual().start(() -> readLines(process, false, lines));
        Thread.ofVirtual().start(() -> readLines(process, true, lines));
        return new Streaming(process, lines);
    }

    /** A running kubectl; closing it kills the process. */
    public record Streaming(Process process, List<String> lines) implements AutoCloseable {
        /** Waits until some line matches, failing with everything printed so far after {@code timeout}. */
        public String awaitLine(Predicate<String> matching, Duration timeout) throws InterruptedException {
            Instant deadline = Instant.now().plus(timeout);
            while (Instant.now().isBefore(deadline)) {
                for (String line : lines) {
                    if (matching.test(line)) {
                        return line;
                    }
                }
                Thread.sleep(50);
            }
            throw new AssertionError("no matching line within " + timeout + "; kubectl printed:\n" + String.join("\n", lines));
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }

    private Process start(String... args) {
        List<String> command = new ArrayList<>(List.of("kubectl", "--kubeconfig", kubeconfig.toString(),
                "--cache-dir", home.resolve("kube-cache").toString(), "--request-timeout", "30s"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("HOME", home.toString());
        builder.environment().remove("KUBECONFIG");
        try {
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start kubectl", e);
        }
    }

    private static void readLines(Process process, boolean stderr, List<String> into) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                stderr ? process.getErrorStream() : process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                into.add(line);
            }
        } catch (IOException ignored) {
            // the process was killed: what was read so far is what the test sees
        }
    }
}
