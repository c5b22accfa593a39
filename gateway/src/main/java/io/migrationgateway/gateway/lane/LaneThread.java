package io.migrationgateway.gateway.lane;

import io.migrationgateway.gateway.upstream.UpstreamFailure;
import java.util.concurrent.TimeUnit;
import org.xnio.XnioIoThread;

/**
 * What the fast lane keeps per IO thread: the head parsers (reused for every request), the upstream pool, its buffers, and the
 * thread's connections in an intrusive list that one periodic sweep walks for every timeout the lane enforces: no
 * answer head within the response timeout (504), no upstream connection within the connect timeout (504), and idle
 * connections past Undertow's own limit (closed). One sweep instead of a timer per request: XNIO's timers cost
 * about 5 % of the gateway's CPU on this path (see {@code ResponseTimeouts}).
 *
 * <p>Used by its IO thread only.
 */
final class LaneThread implements Runnable {
    final RequestHead requestHead;
    final ResponseHead responseHead;
    final UpstreamPool upstreams;
    final LaneBuffers buffers;
    private final XnioIoThread thread;
    private final FastLane.Timeouts timeouts;
    private final long tickMillis;
    private ClientConnection head;
    private boolean armed;

    LaneThread(XnioIoThread thread, UpstreamPool upstreams, LaneBuffers buffers, FastLane.Timeouts timeouts, int maxHeadSize,
               int maxFields) {
        this.thread = thread;
        this.upstreams = upstreams;
        this.buffers = buffers;
        this.timeouts = timeouts;
        this.requestHead = new RequestHead(maxHeadSize, maxFields);
        this.responseHead = new ResponseHead(maxFields);
        this.tickMillis = Math.max(10, Math.min(100, TimeUnit.NANOSECONDS.toMillis(
                Math.min(timeouts.connectNanos(), timeouts.responseNanos())) / 4));
    }

    void add(ClientConnection connection) {
        connection.next = head;
        if (head != null) {
            head.previous = connection;
        }
        head = connection;
        if (!armed) {
            armed = true;
            thread.executeAfter(this, tickMillis, TimeUnit.MILLISECONDS);
        }
    }

    /** Leaves the list: closed, or handed to Undertow. Removing one that is not in it does nothing. */
    void remove(ClientConnection connection) {
        if (connection.previous != null) {
            connection.previous.next = connection.next;
        } else if (head == connection) {
            head = connection.next;
        } else {
            return;
        }
        if (connection.next != null) {
            connection.next.previous = connection.previous;
        }
        connection.previous = null;
        connection.next = null;
    }

    @Override
    public void run() {
        long now = System.nanoTime();
        ClientConnection connection = head;
        while (connection != null) {
            ClientConnection following = connection.next;
            sweep(connection, now);
            connection = following;
        }
        armed = head != null;
        if (armed) {
            thread.executeAfter(this, tickMillis, TimeUnit.MILLISECONDS);
        }
    }

    private void sweep(ClientConnection connection, long now) {
        if (connection.inFlight()) {
            long connecting = connection.connectingSince();
            long waiting = connection.waitingSince();
            if (connecting != 0 && now - connecting >= timeouts.connectNanos()) {
                connection.timedOut(UpstreamFailure.CONNECT_TIMEOUT);
            } else if (waiting != 0 && now - waiting >= timeouts.responseNanos()) {
                connection.timedOut(UpstreamFailure.RESPONSE_TIMEOUT);
            }
        } else if (!connection.readingHead() && now - connection.lastActive >= timeouts.idleNanos()) {
            connection.close(); // a head being read has its own deadline (HeadReaders)
        }
    }
}
