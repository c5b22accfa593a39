package io.migrationgateway.gateway.routing;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.xnio.channels.StreamSourceChannel;
import org.xnio.conduits.AbstractStreamSinkConduit;
import org.xnio.conduits.StreamSinkConduit;

/**
 * A copy of the response body as it streams to the caller, up to a cap, for comparing a passed-through answer after
 * the caller got it: the proxy keeps streaming, and what goes by is copied (a buffer of at most {@code cap} bytes).
 * Past the cap, or for bytes the conduit cannot see (a file transfer), the copy is given up. Not thread-safe: one
 * exchange writes it, and {@link #body} is read after the exchange completed.
 */
final class ResponseCapture {
    private final int cap;
    private final ByteArrayOutputStream copy = new ByteArrayOutputStream();
    private boolean overflowed;

    private ResponseCapture(int cap) {
        this.cap = cap;
    }

    /** Starts copying {@code exchange}'s response body; call before the response is started. */
    static ResponseCapture of(HttpServerExchange exchange, int cap) {
        ResponseCapture capture = new ResponseCapture(cap);
        exchange.addResponseWrapper((factory, ignored) -> new CopyingConduit(factory.create(), capture));
        return capture;
    }

    /** Whether the copy was given up (the body was larger than the cap). */
    boolean overflowed() {
        return overflowed;
    }

    /**
     * The body as the caller received it, decoded when it was gzip-compressed; empty for another content coding, which
     * the comparison cannot read.
     */
    Optional<byte[]> body(HttpServerExchange exchange) throws IOException {
        return decoded(exchange.getResponseHeaders().getFirst(Headers.CONTENT_ENCODING), copy.toByteArray(), cap);
    }

    /** The bytes copied, as they went to the caller (the content coding not undone). */
    byte[] bytes() {
        return copy.toByteArray();
    }

    /**
     * A body as a client reads it: {@code raw} itself, or gunzipped (at most {@code cap} + 1 bytes of it) when
     * {@code contentEncoding} is gzip; empty for another content coding, which the comparison cannot read.
     */
    static Optional<byte[]> decoded(String contentEncoding, byte[] raw, int cap) throws IOException {
        if (contentEncoding == null || contentEncoding.equalsIgnoreCase("identity")) {
            return Optional.of(raw);
        }
        if (!contentEncoding.equalsIgnoreCase("gzip")) {
            return Optional.empty();
        }
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(raw))) {
            return Optional.of(in.readNBytes(cap + 1));
        }
    }

    private void copied(ByteBuffer buffer, int from, int count) {
        if (overflowed || count <= 0) {
            return;
        }
        if (copy.size() + count > cap) {
            overflowed = true;
            copy.reset();
            return;
        }
        ByteBuffer written = buffer.duplicate();
        written.position(from).limit(from + count);
        byte[] bytes = new byte[count];
        written.get(bytes);
        copy.write(bytes, 0, count);
    }

    private static final class CopyingConduit extends AbstractStreamSinkConduit<StreamSinkConduit> {
        private final ResponseCapture capture;

        CopyingConduit(StreamSinkConduit next, ResponseCapture capture) {
            super(next);
            this.capture = capture;
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            int from = src.position();
            int written = next.write(src);
            capture.copied(src, from, written);
            return written;
        }

        @Override
        public long write(ByteBuffer[] srcs, int offs, int len) throws IOException {
            int[] from = positions(srcs, offs, len);
            long written = next.write(srcs, offs, len);
            copied(srcs, offs, len, from);
            return written;
        }

        @Override
        public int writeFinal(ByteBuffer src) throws IOException {
            int from = src.position();
            int written = next.writeFinal(src);
            capture.copied(src, from, written);
            return written;
        }

        @Override
        public long writeFinal(ByteBuffer[] srcs, int offs, int len) throws IOException {
            int[] from = positions(srcs, offs, len);
            long written = next.writeFinal(srcs, offs, len);
            copied(srcs, offs, len, from);
            return written;
        }

        @Override
        public long transferFrom(FileChannel src, long position, long count) throws IOException {
            capture.overflowed = true;
            return next.transferFrom(src, position, count);
        }

        @Override
        public long transferFrom(StreamSourceChannel source, long count, ByteBuffer throughBuffer) throws IOException {
            capture.overflowed = true;
            return next.transferFrom(source, count, throughBuffer);
        }

        private static int[] positions(ByteBuffer[] srcs, int offs, int len) {
            int[] from = new int[len];
            for (int i = 0; i < len; i++) {
                from[i] = srcs[offs + i].position();
            }
            return from;
        }

        private void copied(ByteBuffer[] srcs, int offs, int len, int[] from) {
            for (int i = 0; i < len; i++) {
                ByteBuffer buffer = srcs[offs + i];
                capture.copied(buffer, from[i], buffer.position() - from[i]);
            }
        }
    }
}
