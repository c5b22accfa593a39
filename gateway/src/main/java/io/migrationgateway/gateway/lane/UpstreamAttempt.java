package io.migrationgateway.gateway.lane;

import io.migrationgateway.gateway.lane.UpstreamPool.Upstream;
import io.migrationgateway.gateway.upstream.UpstreamFailure;
import java.nio.ByteBuffer;
import org.xnio.StreamConnection;

/**
 * A caller's request on its way to the legacy side: its head as the upstream gets it, the pooled connection it holds,
 * the tries it made, and the failure that ended it, if one did. One per caller connection, made ready again after each
 * request ({@link #reset}); IO thread only.
 */
final class UpstreamAttempt {
    private final LaneThread thread;
    private ByteBuffer head;
    private Upstream upstream;
    /** Numbers each try for a connection, so that a connection opened for an earlier one is not taken twice. */
    private int number;
    private int retries;
    private long waitingSince;
    private UpstreamFailure failure;

    UpstreamAttempt(LaneThread thread) {
        this.thread = thread;
    }

    /** A buffer of the lane's for the head to send, held until {@link #reset}. */
    ByteBuffer newHead() {
        head = thread.buffers.take();
        return head;
    }

    ByteBuffer head() {
        return head;
    }

    /** Asks the pool for a connection for {@code caller}, under a new number. */
    void connect(ClientConnection caller) {
        number++;
        thread.upstreams.acquire(caller);
    }

    int number() {
        return number;
    }

    /** Whether try {@code tried} still waits for a connection (it has not failed or been answered meanwhile). */
    boolean waitsFor(int tried) {
        return tried == number && upstream == null && failure == null;
    }

    /** Holds {@code ready}; the answer head is waited for from now. */
    void connected(Upstream ready) {
        upstream = ready;
        waitingSince = System.nanoTime();
    }

    boolean holdsConnection() {
        return upstream != null;
    }

    StreamConnection connection() {
        return upstream.connection;
    }

    /** The answer head came. */
    void answerStarted() {
        waitingSince = 0;
    }

    /** Tries again on a fresh connection, when fewer than {@code maxRetries} retries were made; whether it does. */
    boolean retry(int maxRetries, ClientConnection caller) {
        if (retries >= maxRetries) {
            return false;
        }
        retries++;
        drop();
        connect(caller);
        return true;
    }

    /**
     * Ends in {@code why}: the connection, if one is held, is closed (whatever it sends later is not this answer), a wait
     * for one withdrawn.
     */
    void fail(UpstreamFailure why, ClientConnection caller) {
        failure = why;
        if (upstream == null) {
            thread.upstreams.withdraw(caller);
        } else {
            drop();
        }
        waitingSince = 0;
    }

    /** Why it failed, or null. */
    UpstreamFailure failure() {
        return failure;
    }

    /** Gives up a connection that will not be read from again. */
    void drop() {
        Upstream dead = upstream;
        upstream = null;
        thread.upstreams.discard(dead);
    }

    /** Gives the connection back to the pool when {@code reusable} and nothing failed, else closes it. */
    void release(boolean reusable) {
        if (upstream == null) {
            return;
        }
        Upstream done = upstream;
        upstream = null;
        if (reusable && failure == null) {
            thread.upstreams.release(done);
        } else {
            thread.upstreams.discard(done);
        }
    }

    /** When the answer head started being waited for, or 0. */
    long waitingSince() {
        return waitingSince;
    }

    /** Ready for the next request; the connection was released or dropped before. */
    void reset() {
        thread.buffers.giveBack(head);
        head = null;
        failure = null;
        retries = 0;
        waitingSince = 0;
    }
}
