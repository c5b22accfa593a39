package io.migrationgateway.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Sends exact bytes over a socket and reads one HTTP/1.1 response. For the requests that well-behaved
 * clients refuse to send (smuggling shapes, hop-by-hop headers, absolute-form URIs) or that must be
 * byte-for-byte what the test says.
 */
public final class RawHttp {
    /** A parsed response; {@code status} is -1 when the server closed without answering. */
    public record Response(int status, List<String[]> headers, String body) {
        public String header(String name) {
            for (String[] header : headers) {
                if (header[0].equalsIgnoreCase(name)) {
                    return header[1];
                }
            }
            return null;
        }

        public List<String> headerNames() {
            List<String> names = new ArrayList<>();
            headers.forEach(h -> names.add(h[0].toLowerCase(Locale.ROOT)));
            return names;
        }
    }

    private RawHttp() {
    }

    /** Whether the server closed {@code socket} (end of stream or reset) within {@code millis}; false when it stays open. */
    public static boolean closedWithin(java.net.Socket socket, int millis) throws IOException {
        socket.setSoTimeout(millis);
        try {
            return socket.getInputStream().read() < 0;
        } catch (java.net.SocketTimeoutException stillOpen) {
            return false;
        } catch (java.net.SocketException reset) {
            return true;
        }
    }

    public static Response exchange(int port, String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return read(socket.getInputStream());
        }
    }

    public static Response read(InputStream in) throws IOException {
        String statusLine;
        try {
            statusLine = line(in);
        } catch (SocketTimeoutException | java.net.SocketException e) {
            return new Response(-1, List.of(), "");
        }
        if (statusLine == null) {
            return new Response(-1, List.of(), "");
        }
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        List<String[]> headers = new ArrayList<>();
        for (String line = line(in); line != null && !line.isEmpty(); line = line(in)) {
            int colon = line.indexOf(':');
            headers.add(new String[] {line.substring(0, colon).trim(), line.substring(colon + 1).trim()});
        }
        Response head = new Response(status, headers, "");
        String length = head.header("Content-Length");
        byte[] body;
        if ("chunked".equalsIgnoreCase(head.header("Transfer-Encoding"))) {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            for (int size = Integer.parseInt(line(in).split(";")[0].trim(), 16); size > 0;
                 size = Integer.parseInt(line(in).split(";")[0].trim(), 16)) {
                all.write(in.readNBytes(size));
                line(in);
            }
            line(in);
            body = all.toByteArray();
        } else if (length != null) {
            body = in.readNBytes(Integer.parseInt(length));
        } else {
            body = new byte[0];
        }
        return new Response(status, headers, new String(body, StandardCharsets.UTF_8));
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            if (b == '\n') {
                String text = buffer.toString(StandardCharsets.ISO_8859_1);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            buffer.write(b);
        }
        return buffer.size() == 0 ? null : buffer.toString(StandardCharsets.ISO_8859_1);
    }
}
