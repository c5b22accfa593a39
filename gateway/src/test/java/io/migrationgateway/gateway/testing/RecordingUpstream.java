package io.migrationgateway.gateway.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A legacy side on a loopback socket that keeps what reaches it: every byte, on any connection, and each request it
 * could read whole (head fields in order, body decoded, trailer fields), answered {@code 200 ok}. Unlike WireMock it
 * sees the bytes of a request that never completes, and the fields of a chunked body's trailer.
 */
public final class RecordingUpstream implements AutoCloseable {
    /** A request read whole: its request line, its fields and its trailer's fields as sent (name, value), its body. */
    public record Request(String requestLine, List<String[]> fields, List<String[]> trailer, String body) {
        /** The values of every field named {@code name}, in order. */
        public List<String> all(String name) {
            return values(fields, name);
        }

        public String first(String name) {
            List<String> values = all(name);
            return values.isEmpty() ? null : values.get(0);
        }

        public List<String> trailerNames() {
            return trailer.stream().map(f -> f[0].toLowerCase(Locale.ROOT)).toList();
        }
    }

    private final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final AtomicLong bytes = new AtomicLong();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final List<Socket> open = new CopyOnWriteArrayList<>();

    public RecordingUpstream() throws IOException {
        Thread.ofVirtual().start(() -> {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    open.add(socket);
                    Thread.ofVirtual().start(() -> serve(socket));
                } catch (IOException e) {
                    return;
                }
            }
        });
    }

    public String url() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** Bytes received so far, on every connection, whole requests or not. */
    public long bytesReceived() {
        return bytes.get();
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    public void reset() {
        bytes.set(0);
        requests.clear();
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = new CountingInput(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            while (true) {
                List<String> head = lines(in);
                if (head == null) {
                    return;
                }
                List<String[]> fields = fields(head.subList(1, head.size()));
                List<String> lengths = values(fields, "Content-Length");
                List<String> codings = values(fields, "Transfer-Encoding");
                ByteArrayOutputStream body = new ByteArrayOutputStream();
                List<String[]> trailer = List.of();
                if (!codings.isEmpty() && codings.get(0).equalsIgnoreCase("chunked")) {
                    for (int size = chunkSize(in); size > 0; size = chunkSize(in)) {
                        body.write(in.readNBytes(size));
                        line(in);
                    }
                    trailer = fields(lines(in));
                } else if (!lengths.isEmpty()) {
                    body.write(in.readNBytes(Integer.parseInt(lengths.get(0))));
                }
                requests.add(new Request(head.get(0), fields, trailer, body.toString(StandardCharsets.ISO_8859_1)));
                out.write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            }
        } catch (IOException | RuntimeException e) {
            // a connection the gateway closed, or bytes that are not a request: only what was counted remains
        }
    }

    private static List<String> values(List<String[]> fields, String name) {
        return fields.stream().filter(f -> f[0].equalsIgnoreCase(name)).map(f -> f[1]).toList();
    }

    private static int chunkSize(InputStream in) throws IOException {
        String line = line(in);
        if (line == null) {
            throw new IOException("closed in a chunked body");
        }
        return Integer.parseInt(line.split(";")[0].strip(), 16);
    }

    /** Lines up to an empty one; null when the connection ends first. */
    private static List<String> lines(InputStream in) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String line = line(in); line != null; line = line(in)) {
            if (line.isEmpty()) {
                return lines;
            }
            lines.add(line);
        }
        return null;
    }

    private static List<String[]> fields(List<String> lines) {
        List<String[]> fields = new ArrayList<>();
        if (lines != null) {
            for (String line : lines) {
                int colon = line.indexOf(':');
                fields.add(new String[] {line.substring(0, colon).strip(), line.substring(colon + 1).strip()});
            }
        }
        return fields;
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != -1; b = in.read()) {
            if (b == '\n') {
                String text = line.toString(StandardCharsets.ISO_8859_1);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            line.write(b);
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : open) {
            socket.close();
        }
    }

    /** Counts every byte read into {@link #bytes}. */
    private final class CountingInput extends InputStream {
        private final InputStream in;

        CountingInput(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                bytes.incrementAndGet();
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int read = in.read(buffer, offset, length);
            if (read > 0) {
                bytes.addAndGet(read);
            }
            return read;
        }
    }
}
