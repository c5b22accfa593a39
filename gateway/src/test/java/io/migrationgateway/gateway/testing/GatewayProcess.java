package io.migrationgateway.gateway.testing;

import io.migrationgateway.testsupport.TestDatabase;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * A gateway in a JVM of its own, started through {@code GatewayMain} exactly as an operator would, for
 * tests that need to bound or observe the process: its heap, its exit code, its output.
 */
public final class GatewayProcess implements AutoCloseable {
    private final Process process;
    private final int port;
    private final int adminPort;
    private final String schema;
    private final Path log;

    private GatewayProcess(Process process, int port, int adminPort, String schema, Path log) {
        this.process = process;
        this.port = port;
        this.adminPort = adminPort;
        this.schema = schema;
        this.log = log;
    }

    /** Starts {@code serve} against the test database and waits until {@code /healthz} answers. */
    public static GatewayProcess start(String legacyUrl, List<String> jvmOptions, Map<String, String> env) throws Exception {
        return start(legacyUrl, jvmOptions, env, TestDatabase.newSchema());
    }

    /** As {@link #start(String, List, Map)}, on the gateway state in {@code schema}: another process's, after it stopped. */
    public static GatewayProcess start(String legacyUrl, List<String> jvmOptions, Map<String, String> env, String schema) throws Exception {
        int port = freePort();
        int adminPort = freePort();
        Path log = Files.createTempFile(Path.of("target"), "gateway-process-", ".log");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.migrationgateway.gateway.cli.GatewayMain",
                "serve", "--legacy-url", legacyUrl, "--port", Integer.toString(port), "--admin-port", Integer.toString(adminPort),
                "--db-url", TestDatabase.url()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("MGW_DATABASE_SCHEMA", schema);
        builder.environment().put("MGW_ADMIN_PASSWORD", TestGateway.ADMIN_PASSWORD);
        builder.environment().put("MGW_SERVER_HOST", "127.0.0.1");
        builder.environment().put("MGW_LOG_ACCESS", "false");
        builder.environment().putAll(env);
        GatewayProcess gateway = new GatewayProcess(builder.start(), port, adminPort, schema, log);
        gateway.awaitHealthy();
        return gateway;
    }

    private void awaitHealthy() throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("gateway exited with " + process.exitValue() + ":\n" + Files.readString(log));
            }
            try {
                HttpResponse<Void> response = client.send(HttpRequest.newBuilder(adminUri("/healthz"))
                        .timeout(Duration.ofSeconds(1)).build(), HttpResponse.BodyHandlers.discarding());
                if (response.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("gateway did not become healthy:\n" + Files.readString(log));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    public int port() {
        return port;
    }

    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    public URI adminUri(String path) {
        return URI.create("http://127.0.0.1:" + adminPort + path);
    }

    /** The database schema of the gateway's state. */
    public String schema() {
        return schema;
    }

    public String output() throws IOException {
        return Files.readString(log);
    }

    /** Stops the process at once, as SIGKILL or a lost machine would: no clean stop of any kind. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(20, TimeUnit.SECONDS);
    }

    /** The process's exit code, or empty when it is still running after {@code timeout}. */
    public OptionalInt awaitExit(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) ? OptionalInt.of(process.exitValue()) : OptionalInt.empty();
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        TestDatabase.dropSchema(schema);
    }
}
