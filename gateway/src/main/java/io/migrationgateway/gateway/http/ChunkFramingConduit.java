package io.migrationgateway.gateway.http;

import io.undertow.server.HttpServerExchange;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import org.xnio.channels.StreamSinkChannel;
import org.xnio.conduits.AbstractStreamSourceConduit;
import org.xnio.conduits.ConduitReadableByteChannel;
import org.xnio.conduits.Conduits;
import org.xnio.conduits.StreamSourceConduit;

/**
 * The raw bytes of a chunked request body as they come from the socket, checked by a {@link ChunkFraming} before
 * Undertow's decoder gets them: a read that brings malformed framing delivers nothing of itself. While the body is read
 * ahead, the reader learns it from {@link #malformed()} and answers 400; once the body streams on, such a read fails,
 * and the request forwarded meanwhile ({@link ForwardedRequest}) is abandoned first, since Undertow's proxy would end it
 * cleanly, as if whole. Bytes after the body's end (a pipelined request) pass unchecked.
 *
 * <p>It sits under the connection's read-ahead buffer, which the decoder gives back what it read too far into, so that
 * each byte is checked once: the bytes read ahead with the head are checked first ({@link #alreadyRead}).
 */
final class ChunkFramingConduit extends AbstractStreamSourceConduit<StreamSourceConduit> {
    private final ChunkFraming framing = new ChunkFraming();
    private final HttpServerExchange exchange;
    private boolean malformed;
    private boolean streaming;

    ChunkFramingConduit(StreamSourceConduit next, HttpServerExchange exchange) {
        super(next);
        this.exchange = exchange;
    }

    boolean malformed() {
        return malformed;
    }

    /** Checks the bytes of the body read before this conduit was in place, {@code bytes}' remaining ones, left as they are. */
    void alreadyRead(ByteBuffer bytes) {
        if (!framing.done() && framing.feed(bytes, bytes.position(), bytes.limit()) == ChunkFraming.MALFORMED) {
            malformed = true;
        }
    }

    /** The read-ahead is over: from now on malformed framing fails the read instead of waiting to be asked about. */
    void streamOn() {
        streaming = true;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        if (malformed) {
            return refused();
        }
        if (framing.done()) {
            return next.read(dst);
        }
        int start = dst.position();
        int read = next.read(dst);
        if (read > 0 && framing.feed(dst, start, start + read) == ChunkFraming.MALFORMED) {
            dst.position(start);
            malformed = true;
            return refused();
        }
        return read;
    }

    private int refused() throws IOException {
        if (streaming) {
            ForwardedRequest forwarded = exchange.getAttachment(ForwardedRequest.ATTACHMENT);
            if (forwarded != null) {
                forwarded.abandon();
            }
            throw new IOException("malformed chunked request body");
        }
        return 0;
    }

    @Override
    public long read(ByteBuffer[] dsts, int offs, int len) throws IOException {
        long total = 0;
        for (int i = offs; i < offs + len; i++) {
            if (!dsts[i].hasRemaining()) {
                continue;
            }
            int read = read(dsts[i]);
            if (read <= 0) {
                return total > 0 ? total : read;
            }
            total += read;
            if (dsts[i].hasRemaining()) {
                break;
            }
        }
        return total;
    }

    @Override
    public long transferTo(long position, long count, FileChannel target) throws IOException {
        return target.transferFrom(new ConduitReadableByteChannel(this), position, count);
    }

    @Override
    public long transferTo(long count, ByteBuffer throughBuffer, StreamSinkChannel target) throws IOException {
        return Conduits.transfer(this, count, throughBuffer, target);
    }
}
