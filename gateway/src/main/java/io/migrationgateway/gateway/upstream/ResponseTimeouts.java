package io.migrationgateway.gateway.upstream;

import io.undertow.server.ExchangeCompletionListener;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.proxy.ProxyConnection;
import java.util.concurrent.TimeUnit;
import org.xnio.IoUtils;
import org.xnio.XnioIoThread;

/**
 * Enforces {@code legacy.response-timeout} on the proxy's hot path without a timer per request. Each IO
 * thread keeps the exchanges waiting for an upstream response head in an intrusive linked list (adding
 * and removing cost a few pointer writes and no allocation beyond the entry) and sweeps it every
 * {@code tick}; an exchange whose response started or ended leaves the list. A timed-out exchange is
 * answered 504 within {@code timeout + tick}. XNIO's per-request timers (a TreeSet insert and removal
 * each) cost about 5 % of the gateway's CPU in the pass-through benchmark.
 *
 * <p>Everything here runs on the IO thread that owns the exchange, so nothing is shared between threads.
 */
final class ResponseTimeouts {
    private final long timeoutNanos;
    private final long tickMillis;
    private final ThreadLocal<Sweeper> sweepers = ThreadLocal.withInitial(Sweeper::new);

    ResponseTimeouts(long timeoutMillis) {
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        this.tickMillis = Math.max(10, Math.min(100, timeoutMillis / 4));
    }

    /** Starts the clock for an exchange whose request is going out on {@code connection}. */
    void watch(HttpServerExchange exchange, ProxyConnection connection) {
        Waiting waiting = new Waiting(exchange, connection, System.nanoTime() + timeoutNanos);
        sweepers.get().add(waiting, exchange.getIoThread());
        exchange.addExchangeCompleteListener(waiting);
    }

    /** One exchange waiting for its response head; a node of its IO thread's list. */
    private static final class Waiting implements ExchangeCompletionListener {
        final HttpServerExchange exchange;
        final ProxyConnection connection;
        final long deadline;
        Sweeper owner;
        Waiting previous;
        Waiting next;

        Waiting(HttpServerExchange exchange, ProxyConnection connection, long deadline) {
            this.exchange = exchange;
            this.connection = connection;
            this.deadline = deadline;
        }

        @Override
        public void exchangeEvent(HttpServerExchange done, NextListener nextListener) {
            if (owner != null) {
                owner.remove(this);
            }
            nextListener.proceed();
        }

        void expire() {
            exchange.putAttachment(UpstreamFailure.ATTACHMENT, UpstreamFailure.RESPONSE_TIMEOUT);
            // Undertow closes a client connection gracefully, waiting up to 10 s for the upstream, so the
            // caller is answered here rather than when ProxyHandler finally sees the close. That late
            // failure makes ProxyHandler close the caller's connection, so it must not be reused.
            IoUtils.safeClose(connection.getConnection());
            exchange.setPersistent(false);
            exchange.setStatusCode(UpstreamFailure.RESPONSE_TIMEOUT.status());
            exchange.endExchange(); // LegacyErrorResponder writes the body
        }
    }

    /** The list of one IO thread, and its periodic sweep (armed only while the list is not empty). */
    private final class Sweeper implements Runnable {
        private Waiting head;
        private Waiting tail;
        private boolean armed;
        private XnioIoThread thread;

        void add(Waiting waiting, XnioIoThread ioThread) {
            waiting.owner = this;
            waiting.previous = tail;
            if (tail == null) {
                head = waiting;
            } else {
                tail.next = waiting;
            }
            tail = waiting;
            if (!armed) {
                thread = ioThread;
                armed = true;
                thread.executeAfter(this, tickMillis, TimeUnit.MILLISECONDS);
            }
        }

        void remove(Waiting waiting) {
            if (waiting.previous == null) {
                head = waiting.next;
            } else {
                waiting.previous.next = waiting.next;
            }
            if (waiting.next == null) {
                tail = waiting.previous;
            } else {
                waiting.next.previous = waiting.previous;
            }
            waiting.owner = null;
            waiting.previous = null;
            waiting.next = null;
        }

        @Override
        public void run() {
            long now = System.nanoTime();
            Waiting waiting = head;
            while (waiting != null) {
                Waiting following = waiting.next;
                if (waiting.exchange.isResponseStarted() || waiting.exchange.isComplete()) {
                    remove(waiting);
                } else if (now - waiting.deadline >= 0) {
                    remove(waiting);
                    waiting.expire();
                }
                waiting = following;
            }
            armed = head != null;
            if (armed) {
                thread.executeAfter(this, tickMillis, TimeUnit.MILLISECONDS);
            }
        }
    }
}
