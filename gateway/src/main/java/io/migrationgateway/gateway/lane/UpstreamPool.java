package io.migrationgateway.gateway.lane;

import io.migrationgateway.gateway.upstream.UpstreamFailure;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import org.xnio.ChannelListener;
import org.xnio.IoFuture;
import org.xnio.IoUtils;
import org.xnio.OptionMap;
import org.xnio.Options;
import org.xnio.StreamConnection;
import org.xnio.XnioIoThread;
import org.xnio.conduits.ConduitStreamSourceChannel;

/**
 * One IO thread's keep-alive connections to the legacy side: at most {@code maxConnections}, the most recently used
 * handed out first (its socket buffers are warm), and callers queued up to {@code maxQueue} when all are busy. Every
 * connection is opened on this thread, so a request and its upstream connection never cross threads, and nothing here
 * needs a lock.
 *
 * <p>An idle connection keeps its read interest: a close or stray bytes from the upstream are seen at once and the
 * connection is dropped, and no per-request {@code epoll_ctl} is needed to turn reading on and off.
 */
final class UpstreamPool {
    private static final OptionMap CONNECTION_OPTIONS = OptionMap.builder().set(Options.TCP_NODELAY, true).getMap();

    private final XnioIoThread thread;
    private final InetSocketAddress address;
    private final int maxConnections;
    private final int maxQueue;
    private final ArrayDeque<Upstream> idle = new ArrayDeque<>();
    private final ArrayDeque<ClientConnection> queue = new ArrayDeque<>();
    private int open;

    UpstreamPool(XnioIoThread thread, InetSocketAddress address, int maxConnections, int maxQueue) {
        this.thread = thread;
        this.address = address;
        this.maxConnections = maxConnections;
        this.maxQueue = maxQueue;
    }

    /** Gives {@code caller} a connection now or later ({@link ClientConnection#upstreamReady}), or tells it why not. */
    void acquire(ClientConnection caller) {
        Upstream ready = idle.pollFirst();
        if (ready != null) {
            ready.owner = caller;
            caller.upstreamReady(ready);
        } else if (open < maxConnections) {
            connect(caller);
        } else if (queue.size() < maxQueue) {
            queue.addLast(caller);
        } else {
            caller.upstreamFailed(UpstreamFailure.QUEUE_FULL);
        }
    }

    /** The caller no longer wants a connection (it timed out or went away while queued or connecting). */
    void withdraw(ClientConnection caller) {
        queue.remove(caller);
    }

    /** Takes back a connection whose last answer ended cleanly. */
    void release(Upstream upstream) {
        upstream.owner = null;
        ClientConnection next = queue.pollFirst();
        if (next != null) {
            upstream.owner = next;
            next.upstreamReady(upstream);
        } else {
            idle.addFirst(upstream);
        }
    }

    /** Closes a connection that cannot carry another request, and opens one for the next queued caller. */
    void discard(Upstream upstream) {
        upstream.owner = null;
        if (upstream.connection.isOpen()) {
            IoUtils.safeClose(upstream.connection);
        }
        open--;
        ClientConnection next = queue.pollFirst();
        if (next != null) {
            connect(next);
        }
    }

    private void connect(ClientConnection caller) {
        open++;
        int attempt = caller.attempt();
        IoFuture<StreamConnection> future = thread.openStreamConnection(address,
                connection -> connected(connection, caller, attempt), null, CONNECTION_OPTIONS);
        future.addNotifier((done, attachment) -> {
            if (done.getStatus() != IoFuture.Status.DONE) {
                open--;
                if (caller.wantsConnection(attempt)) {
                    caller.upstreamFailed(UpstreamFailure.UNREACHABLE);
                }
                ClientConnection next = queue.pollFirst();
                if (next != null) {
                    connect(next);
                }
            }
        }, null);
    }

    private void connected(StreamConnection connection, ClientConnection caller, int attempt) {
        Upstream upstream = new Upstream(this, connection);
        connection.getSourceChannel().setReadListener(upstream);
        connection.getSourceChannel().resumeReads();
        if (caller.wantsConnection(attempt)) {
            upstream.owner = caller;
            caller.upstreamReady(upstream);
        } else {
            release(upstream); // opened for a caller that has gone: another may use it
        }
    }

    /** Idle connections only: the upstream closed it or sent what nobody asked for. */
    private void dropIdle(Upstream upstream) {
        idle.remove(upstream);
        discard(upstream);
    }

    /** One pooled connection; its reads go to the caller that holds it, or close it while idle. */
    static final class Upstream implements ChannelListener<ConduitStreamSourceChannel> {
        final UpstreamPool pool;
        final StreamConnection connection;
        ClientConnection owner;

        Upstream(UpstreamPool pool, StreamConnection connection) {
            this.pool = pool;
            this.connection = connection;
        }

        @Override
        public void handleEvent(ConduitStreamSourceChannel source) {
            if (owner != null) {
                owner.upstreamReadable();
                return;
            }
            try {
                java.nio.ByteBuffer probe = java.nio.ByteBuffer.allocate(1);
                if (source.read(probe) == 0) {
                    return;
                }
            } catch (IOException e) {
                // closed under us: dropped below like any other idle connection that ended
            }
            pool.dropIdle(this);
        }
    }
}
