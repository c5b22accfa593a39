package io.migrationgateway.gateway.lane;

import io.migrationgateway.gateway.http.LegacyErrorBody;
import io.migrationgateway.gateway.lane.UpstreamPool.Upstream;
import io.migrationgateway.gateway.upstream.UpstreamFailure;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.xnio.ChannelListener;
import org.xnio.IoUtils;
import org.xnio.StreamConnection;
import org.xnio.conduits.ConduitStreamSinkChannel;
import org.xnio.conduits.ConduitStreamSourceChannel;

/**
 * One caller's connection while it is in the fast lane: a loop of read a request head, forward it on a pooled upstream
 * connection, relay the answer, until the caller closes or sends a request the lane does not take, when the connection,
 * with the bytes already read, goes to Undertow for good ({@link FastLane#handOff}). This class is the caller's side and
 * the order of the steps; the request's way upstream is its {@link UpstreamAttempt}, the answer's framing and copy its
 * {@link RelayedAnswer}.
 *
 * <p>Per request that is one read from the caller, one write and one read upstream, one gathering write back: the
 * system calls nginx makes. Reads stay enabled on both connections throughout; only a caller that cannot take the
 * answer as fast as it comes (a large download) pauses the upstream's reads until its socket drains.
 *
 * <p>Everything runs on the connection's IO thread, the thread its upstream connections belong to as well.
 */
final class ClientConnection implements ChannelListener<ConduitStreamSourceChannel> {
    private final FastLane lane;
    private final LaneThread thread;
    private final StreamConnection connection;
    private final HeadWatch watch;
    private final ConduitStreamSourceChannel source;
    private final ConduitStreamSinkChannel sink;
    private final String clientAddress;
    /** Whether the caller is a trusted proxy, whose X-Forwarded-* fields pass as sent. */
    private final boolean trustedPeer;
    private final ByteBuffer[] outgoing = new ByteBuffer[2];

    /** Bytes from the caller not yet forwarded, in write mode; null while there are none. */
    private ByteBuffer received;
    private boolean readsSuspended;
    private boolean callerClosed;
    private boolean closed;
    /** Waiting for the rule's verdict on the request read ({@link Relay.Later}). */
    private boolean deciding;
    long lastActive;
    ClientConnection previous;
    ClientConnection next;

    // the request in flight, its way upstream and its answer
    private boolean inFlight;
    /** The in-flight request's number at its {@link HeadWatch}. */
    private int request;
    private long started;
    private HttpString method;
    private String path;
    private final RequestIdBytes requestId = new RequestIdBytes();
    private boolean closeAfter;
    private final UpstreamAttempt attempt;
    private final RelayedAnswer answer = new RelayedAnswer();
    /** The answer's bytes read and not yet written to the caller, and the head written for it. */
    private ByteBuffer answerBytes;
    private ByteBuffer headForCaller;
    private boolean waitingForCaller;
    private long bytesSent;

    ClientConnection(FastLane lane, LaneThread thread, StreamConnection connection, HeadWatch watch) {
        this.lane = lane;
        this.thread = thread;
        this.connection = connection;
        this.watch = watch;
        this.source = connection.getSourceChannel();
        this.sink = connection.getSinkChannel();
        this.clientAddress = connection.getPeerAddress() instanceof InetSocketAddress inet
                ? inet.getAddress().getHostAddress() : "unknown";
        this.trustedPeer = connection.getPeerAddress() instanceof InetSocketAddress inet && lane.trusts(inet.getAddress());
        this.lastActive = System.nanoTime();
        this.attempt = new UpstreamAttempt(thread);
    }

    void start() {
        watch.closeWith(this::close);
        source.setReadListener(this);
        sink.setWriteListener(channel -> callerWritable());
        source.resumeReads();
    }

    // ---------------------------------------------------------------- the caller's side

    @Override
    public void handleEvent(ConduitStreamSourceChannel channel) {
        if (received == null) {
            received = thread.buffers.take();
        }
        ByteBuffer buffer = received;
        int read;
        try {
            read = source.read(buffer);
        } catch (IOException e) {
            close();
            return;
        }
        if (read < 0) {
            callerClosed();
            return;
        }
        if (read == 0) {
            releaseReceivedIfEmpty();
            return;
        }
        lastActive = System.nanoTime();
        if (inFlight || deciding) {
            if (!buffer.hasRemaining()) {
                readsSuspended = true;
                source.suspendReads(); // a pipelining caller: the rest waits in its socket until this answer is out
            }
            return;
        }
        nextRequest();
    }

    private void nextRequest() {
        ByteBuffer buffer = received;
        RequestHead head = thread.requestHead;
        switch (head.parse(buffer, buffer.position())) {
            case INCOMPLETE -> {
                if (callerClosed) {
                    close(); // the rest of this head will never come
                } else if (!buffer.hasRemaining()) {
                    handOff();
                }
            }
            case HAND_OFF -> handOff();
            case FORWARD -> {
                request = watch.headRead();
                relay(head);
            }
            default -> throw new IllegalStateException();
        }
    }

    private void relay(RequestHead head) {
        switch (lane.relay(head)) {
            case Relay.HandOff handOff -> handOff();
            case Relay.AsIs asIs -> begin(head, null);
            case Relay.Copying copying -> begin(head, copying);
            case Relay.Later later -> {
                deciding = true;
                later.ready().whenComplete((result, failure) -> connection.getIoThread().execute(this::decided));
            }
        }
    }

    /** The rule can decide now: the request is read again from the bytes kept, and goes where the rule says. */
    private void decided() {
        deciding = false;
        if (!closed) {
            nextRequest();
        }
    }

    private void handOff() {
        byte[] refusal = ControlCharacters.refusal(received);
        if (refusal != null) {
            refuse(refusal);
            return;
        }
        thread.remove(this);
        watch.closeWith(null);
        sink.setWriteListener(null); // Undertow sets its own listeners; none of this lane's may fire on its connection
        ByteBuffer bytes = received;
        received = null;
        bytes.flip();
        lane.handOff(connection, bytes);
        thread.buffers.giveBack(bytes);
    }

    /** Answers a head no one may take with {@code answer} and closes: a small answer on a fresh connection, written at once. */
    private void refuse(byte[] answer) {
        try {
            sink.write(ByteBuffer.wrap(answer));
            sink.flush();
        } catch (IOException gone) {
            // the caller left: nothing to tell
        }
        close();
    }

    private void callerClosed() {
        callerClosed = true;
        readsSuspended = true;
        source.suspendReads();
        if (!inFlight && !deciding) {
            close();
        } // else the answers to what it sent are given first: a caller may half-close after its last request
    }

    /** Whether the answer being written is the connection's last: asked for, or nothing more can come from the caller. */
    private boolean lastAnswer() {
        return closeAfter || (callerClosed && (received == null || received.position() == 0));
    }

    private void releaseReceivedIfEmpty() {
        if (received != null && received.position() == 0) {
            thread.buffers.giveBack(received);
            received = null;
        }
    }

    // ---------------------------------------------------------------- one request

    /** @param copying how the answer is copied, or null */
    private void begin(RequestHead head, Relay.Copying copying) {
        inFlight = true;
        started = System.nanoTime();
        method = head.method();
        path = head.rawPath();
        if (copying != null) {
            answer.copy(copying);
        }
        closeAfter = head.wantsClose();
        head.takeRequestId(requestId);
        ByteBuffer out = attempt.newHead();
        head.writeUpstream(out, requestId, clientAddress, trustedPeer);
        out.flip();
        ByteBuffer buffer = received;
        buffer.flip().position(head.length());
        buffer.compact();
        releaseReceivedIfEmpty();
        if (!lane.breaker().permit()) {
            answerWithFailure(UpstreamFailure.CIRCUIT_OPEN);
            return;
        }
        attempt.connect(this);
    }

    /** The number of the current try for a connection, for {@link #wantsConnection}. */
    int attempt() {
        return attempt.number();
    }

    /** Whether try {@code number} still waits for an upstream connection (it has not timed out or gone meanwhile). */
    boolean wantsConnection(int number) {
        return inFlight && !closed && attempt.waitsFor(number);
    }

    void upstreamReady(Upstream ready) {
        attempt.connected(ready);
        ByteBuffer out = attempt.head();
        out.position(0);
        try {
            while (out.hasRemaining()) {
                if (ready.connection.getSinkChannel().write(out) == 0) {
                    // a head of a few KB into an idle socket: not seen in practice; wait for room without spinning
                    ready.connection.getSinkChannel().setWriteListener(channel -> upstreamWritable());
                    ready.connection.getSinkChannel().resumeWrites();
                    return;
                }
            }
        } catch (IOException e) {
            upstreamEnded(); // a pooled connection the upstream had reset: tried again like one that closed
        }
    }

    private void upstreamWritable() {
        ByteBuffer out = attempt.head();
        try {
            attempt.connection().getSinkChannel().write(out);
        } catch (IOException e) {
            upstreamEnded();
            return;
        }
        if (!out.hasRemaining()) {
            attempt.connection().getSinkChannel().suspendWrites();
        }
    }

    void upstreamFailed(UpstreamFailure why) {
        if (inFlight && attempt.failure() == null && !answer.headRead()) {
            answerWithFailure(why);
        }
    }

    void upstreamReadable() {
        if (answerBytes == null) {
            answerBytes = thread.buffers.take();
        }
        ByteBuffer buffer = answerBytes;
        int read;
        try {
            read = attempt.connection().getSourceChannel().read(buffer);
        } catch (IOException e) {
            read = -1;
        }
        if (read == 0) {
            return;
        }
        if (read < 0) {
            upstreamEnded();
            return;
        }
        if (!answer.headRead()) {
            ResponseHead head = thread.responseHead;
            switch (head.parse(buffer, buffer.position(), method.equals(Methods.HEAD))) {
                case INCOMPLETE -> {
                    if (!buffer.hasRemaining()) {
                        answerWithFailure(UpstreamFailure.UNREACHABLE); // a head larger than a buffer
                    }
                    return;
                }
                case MALFORMED -> {
                    answerWithFailure(UpstreamFailure.UNREACHABLE);
                    return;
                }
                case COMPLETE -> startAnswer(head);
                default -> throw new IllegalStateException();
            }
            buffer.flip().position(head.length());
        } else {
            buffer.flip();
        }
        if (!answer.frame(buffer)) {
            closeAfter = true; // the caller cannot be told where a broken body ends
        }
        writeToCaller();
    }

    private void startAnswer(ResponseHead head) {
        attempt.answerStarted();
        if (answer.started(head)) {
            closeAfter = true; // the caller, too, learns where the body ends from the close
        }
        headForCaller = thread.buffers.take();
        head.writeForClient(headForCaller, requestId, lastAnswer());
        headForCaller.flip();
    }

    private void upstreamEnded() {
        if (!answer.headRead()) {
            if ((answerBytes == null || answerBytes.position() == 0) && isIdempotent() && attempt.retry(lane.retries(), this)) {
                return; // most often a pooled connection the upstream had closed just as it was taken: a fresh one is asked
            }
            answerWithFailure(UpstreamFailure.UNREACHABLE); // reset, closed or refused before an answer
            return;
        }
        if (answer.upstreamClosed()) {
            answerBytes.flip();
            writeToCaller();
            return;
        }
        // a truncated body: the caller can only learn it from a closed connection, as with Undertow's proxy
        closeAfter = true;
        abort();
    }

    private boolean isIdempotent() {
        return method.equals(Methods.GET) || method.equals(Methods.HEAD) || method.equals(Methods.OPTIONS)
                || method.equals(Methods.PUT) || method.equals(Methods.DELETE);
    }

    /** The sweep found no answer head within {@code legacy.response-timeout}, or no connection within the connect timeout. */
    void timedOut(UpstreamFailure why) {
        answerWithFailure(why);
    }

    /**
     * Answers the caller in the gateway's own words before any of the upstream's answer was relayed: the connection broke
     * or sent what is not an answer (502), time ran out (504), the breaker is open or the queue full (503).
     */
    private void answerWithFailure(UpstreamFailure why) {
        if (why != UpstreamFailure.CIRCUIT_OPEN) {
            why.log(requestId.text(), method.toString(), path);
        }
        attempt.fail(why, this);
        byte[] body = LegacyErrorBody.json(why.message(), requestId.text()).getBytes(StandardCharsets.UTF_8);
        answer.replacedBy(why.status(), body);
        if (answerBytes == null) {
            answerBytes = thread.buffers.take();
        }
        ByteBuffer out = answerBytes;
        out.clear();
        Ascii.put(out, "HTTP/1.1 " + why.status() + " " + reason(why.status()) + "\r\n");
        Ascii.putHeader(out, "Content-Type", "application/json");
        Ascii.putHeader(out, "Content-Length", Integer.toString(body.length));
        Ascii.putHeader(out, "X-Request-Id", requestId.text());
        if (why == UpstreamFailure.CIRCUIT_OPEN) {
            Ascii.putHeader(out, "Retry-After", lane.breaker().retryAfterSeconds());
        }
        if (lastAnswer()) {
            Ascii.put(out, "Connection: close\r\n");
        }
        out.put((byte) '\r').put((byte) '\n');
        out.put(body);
        out.flip();
        writeToCaller();
    }

    private static String reason(int status) {
        return switch (status) {
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> "Error";
        };
    }

    /** Writes what is ready (the head, then the body bytes read); pauses the upstream when the caller lags. */
    private void writeToCaller() {
        ByteBuffer body = answerBytes;
        int count = 0;
        if (headForCaller != null) {
            outgoing[count++] = headForCaller;
        }
        outgoing[count++] = body;
        try {
            bytesSent += sink.write(outgoing, 0, count);
        } catch (IOException e) {
            closeAfter = true;
            abort();
            return;
        }
        if (body.hasRemaining() || (headForCaller != null && headForCaller.hasRemaining())) {
            if (!waitingForCaller) {
                waitingForCaller = true;
                if (attempt.holdsConnection()) {
                    attempt.connection().getSourceChannel().suspendReads();
                }
                sink.resumeWrites();
            }
            return;
        }
        boolean upstreamPaused = waitingForCaller;
        if (waitingForCaller) {
            waitingForCaller = false;
            sink.suspendWrites();
        }
        written(upstreamPaused);
    }

    private void callerWritable() {
        if (waitingForCaller) {
            writeToCaller();
        } else {
            sink.suspendWrites();
        }
    }

    /** Everything read so far has reached the caller. */
    private void written(boolean upstreamPaused) {
        if (headForCaller != null) {
            thread.buffers.giveBack(headForCaller);
            headForCaller = null;
        }
        if (upstreamPaused && attempt.holdsConnection()) {
            // also when the answer has ended: the connection goes back to the pool, where it must be read (its next
            // answer, or its close while idle); left paused, the next request on it waited for its response timeout
            attempt.connection().getSourceChannel().resumeReads();
        }
        if (answer.ended()) {
            finish();
            return;
        }
        answerBytes.clear();
    }

    private void finish() {
        long now = System.nanoTime();
        lane.finished(method, path, requestId, clientAddress, answer.status(), bytesSent, now - started, attempt.failure());
        answer.answered(now - started);
        attempt.release(answer.upstreamReusable());
        releaseRequest();
        inFlight = false;
        lastActive = now;
        watch.requestOver(request, received != null && received.position() > 0);
        if (lastAnswer()) {
            close();
            return;
        }
        if (readsSuspended && !callerClosed) {
            readsSuspended = false;
            source.resumeReads();
        }
        if (received != null && received.position() > 0) {
            nextRequest(); // the next request of a pipelining caller is already here
        }
    }

    /** Ends the exchange with the caller's connection closed: it cannot be told more. */
    private void abort() {
        answer.upstreamSpent();
        UpstreamFailure failure = attempt.failure();
        lane.finished(method, path, requestId, clientAddress, answer.status() == 0 ? 502 : answer.status(), bytesSent,
                System.nanoTime() - started, failure == null && !answer.headRead() ? UpstreamFailure.UNREACHABLE : failure);
        answer.incomplete();
        inFlight = false;
        close();
    }

    /** Gives back what the request held and makes its attempt and answer ready for the next. */
    private void releaseRequest() {
        attempt.reset();
        answer.reset();
        thread.buffers.giveBack(answerBytes);
        thread.buffers.giveBack(headForCaller);
        answerBytes = null;
        headForCaller = null;
        outgoing[0] = null;
        outgoing[1] = null;
        waitingForCaller = false;
        bytesSent = 0;
    }

    /** For the sweep: when this connection's request started waiting for its answer head, or 0. */
    long waitingSince() {
        return attempt.waitingSince();
    }

    /** For the sweep: when this connection's request started, while it has no upstream connection yet, or 0. */
    long connectingSince() {
        return inFlight && !attempt.holdsConnection() && attempt.failure() == null ? started : 0;
    }

    boolean inFlight() {
        return inFlight;
    }

    /** Whether part of a request head has arrived; the verdict on a whole one is awaited within the idle timeout. */
    boolean readingHead() {
        return watch.readingHead();
    }

    /** Closes the caller's connection and gives back everything the request in flight held. */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        thread.remove(this);
        watch.closed();
        if (inFlight) {
            // the caller went away first: nginx's 499 in the metrics, and no verdict on the upstream for the breaker
            lane.abandoned(method, path, requestId, clientAddress, bytesSent, System.nanoTime() - started);
            answer.incomplete();
            thread.upstreams.withdraw(this);
            answer.upstreamSpent();
            inFlight = false;
        }
        attempt.release(answer.upstreamReusable());
        releaseRequest();
        thread.buffers.giveBack(received);
        received = null;
        IoUtils.safeClose(connection);
    }
}
