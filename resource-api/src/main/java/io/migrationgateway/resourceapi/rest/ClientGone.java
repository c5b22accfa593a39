package io.migrationgateway.resourceapi.rest;

import io.undertow.server.AbstractServerConnection;
import io.undertow.server.HttpServerExchange;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;
import org.xnio.IoUtils;
import org.xnio.conduits.ConduitStreamSourceChannel;

/**
 * Notices that the client of a long answer (a watch) went away while nothing is being written. Undertow learns
 * of a closed connection only when it reads or writes it, and during a request it does not read; so this reads
 * the connection itself, as Go's HTTP server does for the apiserver: end of stream means the client is gone.
 * The answer's connection is then not reused ({@code persistent} off), so no later request's bytes can be lost
 * to this read.
 */
final class ClientGone {
    private ClientGone() {
    }

    /** A flag that turns true when the exchange's connection closes or its client half-closes it. */
    static AtomicBoolean flag(HttpServerExchange exchange) {
        AtomicBoolean gone = new AtomicBoolean();
        exchange.getConnection().addCloseListener(connection -> gone.set(true));
        // HTTP/1.x only; an HTTP/2 stream's end shows up at the next write
        if (exchange.getConnection() instanceof AbstractServerConnection connection) {
            exchange.setPersistent(false);
            ConduitStreamSourceChannel source = connection.getChannel().getSourceChannel();
            ByteBuffer probe = ByteBuffer.allocate(64);
            source.setReadListener(channel -> {
                try {
                    probe.clear();
                    int read = channel.read(probe);
                    if (read < 0) {
                        gone.set(true);
                        IoUtils.safeClose(connection);
                    } else if (read > 0) {
                        // a client that sends more while watching is not waiting for this answer to end
                        channel.suspendReads();
                    }
                } catch (IOException e) {
                    gone.set(true);
                    IoUtils.safeClose(connection);
                }
            });
            source.resumeReads();
        }
        return gone;
    }
}
