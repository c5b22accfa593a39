package io.migrationgateway.gateway.http;

import io.undertow.conduits.ChunkedStreamSourceConduit;
import io.undertow.conduits.ReadDataStreamSourceConduit;
import io.undertow.connector.PooledByteBuffer;
import io.undertow.server.Connectors;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.protocol.http.HttpAttachments;
import io.undertow.server.protocol.http.HttpServerConnection;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import org.xnio.IoUtils;
import org.xnio.channels.StreamSourceChannel;
import org.xnio.conduits.ConduitStreamSourceChannel;

/**
 * Checks the chunk framing of a chunked request body strictly ({@link ChunkFraming}, under Undertow's lenient decoder)
 * and reads its start (up to {@code maxBuffers} pooled buffers) before anything is forwarded or answered. A body whose
 * framing is malformed is refused with 400 and the connection closed while no one has seen any of it, and a body that
 * fits (every JSON body of a legacy API does) goes on only once it is known to be complete. A larger body streams on
 * after the prefix, so memory stays bounded; malformed framing further on fails the forwarded request before it is
 * complete. The trailer loses the fields that frame or route a message, and the hop-by-hop ones.
 *
 * <p>Fixed-length bodies are not prefetched: their framing cannot be malformed, only cut short, and a
 * cut-short body never completes upstream either. The read bytes are handed back with
 * {@link Connectors#ungetRequestBytes}, so the proxy reads the body as if untouched.
 */
public final class ChunkedBodyPrefetchHandler implements HttpHandler {
    private final int maxBuffers;
    private final HttpHandler next;

    public ChunkedBodyPrefetchHandler(int maxBuffers, HttpHandler next) {
        this.maxBuffers = maxBuffers;
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (!exchange.getRequestHeaders().contains(Headers.TRANSFER_ENCODING) || exchange.isRequestComplete()) {
            next.handleRequest(exchange);
            return;
        }
        new Prefetch(exchange, checkFraming(exchange)).readAvailable();
    }

    /**
     * Puts a framing check under the request's chunk decoder, in place of Undertow's decoder, which has read nothing
     * yet: a decoder built as Undertow builds its own (over what the connection has read ahead, then the socket), with
     * the check between the socket and the read-ahead, and the bytes already read ahead checked at once.
     */
    private static ChunkFramingConduit checkFraming(HttpServerExchange exchange) {
        if (!(exchange.getConnection() instanceof HttpServerConnection connection)) {
            return null;
        }
        ConduitStreamSourceChannel source = connection.getChannel().getSourceChannel();
        if (!(source.getConduit() instanceof ChunkedStreamSourceConduit)) {
            return null;
        }
        ChunkFramingConduit framing = new ChunkFramingConduit(connection.getOriginalSourceConduit(), exchange);
        PooledByteBuffer readAhead = connection.getExtraBytes();
        if (readAhead != null) {
            framing.alreadyRead(readAhead.getBuffer());
        }
        source.setConduit(new ChunkedStreamSourceConduit(new ReadDataStreamSourceConduit(framing, connection), exchange,
                decoder -> bodyEnded(exchange, decoder)));
        return framing;
    }

    /** What Undertow's own decoder does at the body's end, with the trailer cleaned first: it is forwarded as it is. */
    private static void bodyEnded(HttpServerExchange exchange, ChunkedStreamSourceConduit decoder) {
        HeaderMap trailer = exchange.getAttachment(HttpAttachments.REQUEST_TRAILERS);
        if (trailer != null) {
            for (HttpString name : List.copyOf(trailer.getHeaderNames())) {
                if (HopByHop.isFraming(name.toString()) || HopByHop.is(name.toString())) {
                    trailer.remove(name);
                }
            }
        }
        if (!decoder.isFinished()) {
            exchange.setPersistent(false); // the rest of the body cannot be skipped to find the next request
        }
        Connectors.terminateRequest(exchange);
    }

    /** The prefetch of one request; runs on the exchange's IO thread only. */
    private final class Prefetch {
        private final HttpServerExchange exchange;
        /** The framing check, or null where Undertow's decoder is not the HTTP/1.1 one this replaces. */
        private final ChunkFramingConduit framing;
        private final StreamSourceChannel channel;
        private final PooledByteBuffer[] buffers = new PooledByteBuffer[maxBuffers];
        private int filled;
        private PooledByteBuffer current;
        private boolean inReadListener;

        Prefetch(HttpServerExchange exchange, ChunkFramingConduit framing) {
            this.exchange = exchange;
            this.framing = framing;
            this.channel = exchange.getRequestChannel();
        }

        void readAvailable() {
            if (framingBroken()) {
                refuse(); // in the bytes read with the head
                return;
            }
            try {
                while (true) {
                    if (current == null) {
                        current = exchange.getConnection().getByteBufferPool().allocate();
                    }
                    ByteBuffer buffer = current.getBuffer();
                    int read = channel.read(buffer);
                    if (framingBroken()) {
                        refuse();
                        return;
                    }
                    if (read == 0) {
                        waitForMore();
                        return;
                    }
                    if (read == -1 || !buffer.hasRemaining()) {
                        keepCurrent();
                        if (read == -1 || filled == maxBuffers) {
                            proceed();
                            return;
                        }
                    }
                }
            } catch (IOException malformed) {
                refuse();
            }
        }

        private boolean framingBroken() {
            return framing != null && framing.malformed();
        }

        private void waitForMore() {
            inReadListener = true;
            channel.getReadSetter().set(ch -> readAvailable());
            channel.resumeReads();
        }

        private void keepCurrent() {
            ByteBuffer buffer = current.getBuffer();
            if (buffer.position() == 0) {
                current.close();
            } else {
                buffer.flip();
                buffers[filled++] = current;
            }
            current = null;
        }

        private void proceed() {
            if (framing != null) {
                framing.streamOn();
            }
            channel.getReadSetter().set(null);
            channel.suspendReads();
            Connectors.ungetRequestBytes(exchange, buffers);
            Connectors.resetRequestChannel(exchange);
            if (inReadListener) {
                Connectors.executeRootHandler(next, exchange); // a fresh call, as if the request had just arrived
            } else {
                try {
                    next.handleRequest(exchange);
                } catch (Exception e) {
                    throw new IllegalStateException(e); // ErrorBoundaryHandler, further up this same call, answers it
                }
            }
        }

        private void refuse() {
            if (framing != null) {
                framing.streamOn(); // nothing more is read from this connection
            }
            channel.getReadSetter().set(null);
            channel.suspendReads();
            for (PooledByteBuffer buffer : buffers) {
                IoUtils.safeClose(buffer);
            }
            IoUtils.safeClose(current);
            exchange.setPersistent(false);
            LegacyErrorBody.send(exchange, 400, "Bad request: malformed chunked request body");
        }
    }
}
