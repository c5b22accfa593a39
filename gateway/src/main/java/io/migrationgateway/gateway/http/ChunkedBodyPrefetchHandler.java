package io.migrationgateway.gateway.http;

import io.undertow.connector.PooledByteBuffer;
import io.undertow.server.Connectors;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.xnio.IoUtils;
import org.xnio.channels.StreamSourceChannel;

/**
 * Reads the start of a chunked request body (up to {@code maxBuffers} pooled buffers) before anything is
 * forwarded. A body whose chunk framing is malformed is refused with 400 while the upstream has seen
 * nothing of it, and a body that fits (every JSON body of a legacy API does) reaches the upstream only
 * once it is known to be complete. A larger body streams on after the prefix, so memory stays bounded.
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
        new Prefetch(exchange).readAvailable();
    }

    /** The prefetch of one request; runs on the exchange's IO thread only. */
    private final class Prefetch {
        private final HttpServerExchange exchange;
        private final StreamSourceChannel channel;
        private final PooledByteBuffer[] buffers = new PooledByteBuffer[maxBuffers];
        private int filled;
        private PooledByteBuffer current;
        private boolean inReadListener;

        Prefetch(HttpServerExchange exchange) {
            this.exchange = exchange;
            this.channel = exchange.getRequestChannel();
        }

        void readAvailable() {
            try {
                while (true) {
                    if (current == null) {
                        current = exchange.getConnection().getByteBufferPool().allocate();
                    }
                    ByteBuffer buffer = current.getBuffer();
                    int read = channel.read(buffer);
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
