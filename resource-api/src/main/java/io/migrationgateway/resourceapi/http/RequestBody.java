package io.migrationgateway.resourceapi.http;

import io.migrationgateway.resourceapi.status.ApiException;
import io.migrationgateway.resourceapi.status.StatusErrors;
import io.undertow.connector.PooledByteBuffer;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.RequestTooBigException;
import io.undertow.util.AttachmentKey;
import io.undertow.util.Headers;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.ChannelListener;
import org.xnio.channels.StreamSourceChannel;

/**
 * The request body, received whole and without blocking on the IO thread before the request's steps run (they
 * run on a worker and never read the connection), up to a cap, so one request cannot fill the memory.
 *
 * <p>A body that cannot be had (over the cap, or the connection failed while it was read) does not fail the
 * request at once: {@link #read} throws the refusal where a step asks for the body, so that a request refused
 * for its path or its credentials is still refused for those, and a request that needs no body (a GET) is
 * served.
 */
public final class RequestBody {
    private static final Logger LOG = LoggerFactory.getLogger(RequestBody.class);
    private static final AttachmentKey<Received> RECEIVED = AttachmentKey.create(Received.class);
    private static final Received EMPTY = new Received(new byte[0], null);

    /** The body's bytes, or why there are none. */
    private record Received(byte[] bytes, ApiException refusal) {
    }

    private RequestBody() {
    }

    /**
     * Reads the whole body of {@code exchange}, then runs {@code then}: at once when the body is already there
     * (or there is none), else from the IO thread's read listener when the last bytes arrive. Call on the IO
     * thread, from the handler; {@code then} is expected to dispatch the exchange.
     *
     * @param maxBytes the cap; a longer body is refused with 413 by {@link #read} (refused from
     *                 {@code Content-Length} without reading it)
     */
    public static void receive(HttpServerExchange exchange, int maxBytes, Runnable then) {
        if (exchange.isRequestComplete()) {
            exchange.putAttachment(RECEIVED, EMPTY);
            then.run();
        } else if (exchange.getRequestContentLength() > maxBytes) {
            exchange.putAttachment(RECEIVED, new Received(null, StatusErrors.tooLarge(maxBytes)));
            then.run();
        } else {
            new Reader(exchange, maxBytes, then).readAvailable();
        }
    }

    /**
     * The body's bytes; empty when there is none.
     *
     * @throws ApiException 413 when it was longer than the cap, 400 when it could not be read
     * @throws IllegalStateException when {@link #receive} did not run for this exchange
     */
    public static byte[] read(HttpServerExchange exchange) {
        Received received = exchange.getAttachment(RECEIVED);
        if (received == null) {
            throw new IllegalStateException("the request body was not received before the request was served");
        }
        if (received.refusal() != null) {
            throw received.refusal();
        }
        return received.bytes();
    }

    /** The request's {@code Content-Type}, or {@code null}. */
    public static MediaType contentType(HttpServerExchange exchange) {
        return MediaType.parse(exchange.getRequestHeaders().getFirst(Headers.CONTENT_TYPE));
    }

    /** Reads what the connection has, and is called again by the channel when there is more. */
    private static final class Reader implements ChannelListener<StreamSourceChannel> {
        private final HttpServerExchange exchange;
        private final int maxBytes;
        private final Runnable then;
        private final StreamSourceChannel channel;
        private byte[] bytes;
        private int size;

        Reader(HttpServerExchange exchange, int maxBytes, Runnable then) {
            this.exchange = exchange;
            this.maxBytes = maxBytes;
            this.then = then;
            this.channel = exchange.getRequestChannel();
            long declared = exchange.getRequestContentLength();
            this.bytes = new byte[declared >= 0 ? (int) declared : Math.min(maxBytes, 4096)];
        }

        @Override
        public void handleEvent(StreamSourceChannel ignored) {
            readAvailable();
        }

        void readAvailable() {
            try (PooledByteBuffer pooled = exchange.getConnection().getByteBufferPool().allocate()) {
                ByteBuffer buffer = pooled.getBuffer();
                while (true) {
                    buffer.clear();
                    int read = channel.read(buffer);
                    if (read == 0) {
                        channel.getReadSetter().set(this);
                        channel.resumeReads();
                        return;
                    }
                    if (read < 0) {
                        done(new Received(size == bytes.length ? bytes : Arrays.copyOf(bytes, size), null));
                        return;
                    }
                    if (read > maxBytes - size) {
                        done(new Received(null, StatusErrors.tooLarge(maxBytes)));
                        return;
                    }
                    if (read > bytes.length - size) {
                        bytes = Arrays.copyOf(bytes, Math.max(size + read, (int) Math.min(maxBytes, 2L * bytes.length)));
                    }
                    buffer.flip();
                    buffer.get(bytes, size, read);
                    size += read;
                }
            } catch (RequestTooBigException e) {
                // the server's own entity size limit, below this cap
                done(new Received(null, StatusErrors.tooLarge(exchange.getMaxEntitySize())));
            } catch (IOException e) {
                LOG.debug("the request body could not be read: {}", e.toString());
                // whatever follows on the connection cannot be trusted to be the next request
                exchange.setPersistent(false);
                done(new Received(null, StatusErrors.badRequest("the request body could not be read")));
            }
        }

        private void done(Received received) {
            channel.getReadSetter().set(null);
            channel.suspendReads();
            exchange.putAttachment(RECEIVED, received);
            then.run();
        }
    }
}
