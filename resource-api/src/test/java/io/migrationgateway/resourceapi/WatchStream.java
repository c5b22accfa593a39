package io.migrationgateway.resourceapi;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** A watch request read line by line as the server flushes them; closing it drops the connection. */
final class WatchStream implements AutoCloseable {
    /** Marks the end of the stream in the queue. */
    private static final String END = "\u0000end";

    final int status;
    final String contentType;
    private final Stream<String> lines;
    private final BlockingQueue<String> queue = new LinkedBlockingQueue<>();
    private final Thread reader;

    WatchStream(ApiServer server, String path, String authorization, String accept) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(server.uri(path)).GET();
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        if (accept != null) {
            request.header("Accept", accept);
        }
        HttpResponse<Stream<String>> response = server.http.send(request.build(), HttpResponse.BodyHandlers.ofLines());
        status = response.statusCode();
        contentType = response.headers().firstValue("Content-Type").orElse(null);
        lines = response.body();
        reader = Thread.ofVirtual().start(() -> {
            try {
                lines.forEach(queue::add);
            } catch (UncheckedIOException | IllegalStateException closed) {
                // closed by the test, possibly before the first line was read
            } finally {
                queue.add(END);
            }
        });
    }

    /** The next line as JSON, or {@code null} when none came within {@code timeout} or the stream ended. */
    JsonNode next(Duration timeout) throws InterruptedException {
        String line = queue.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null || line.equals(END)) {
            if (line != null) {
                queue.add(END);
            }
            return null;
        }
        try {
            return ApiServer.JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException("not a JSON line: " + line, e);
        }
    }

    JsonNode next() throws InterruptedException {
        return next(Duration.ofSeconds(10));
    }

    /** Whether the server ended the stream within {@code timeout}. */
    boolean endsWithin(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            String line = queue.poll(50, TimeUnit.MILLISECONDS);
            if (END.equals(line)) {
                queue.add(END);
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        lines.close();
        reader.interrupt();
    }
}
