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
 * with the bytes already read, goes to Undertow for good ({@link FastLane#handOff}).
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
    private final ConduitStreamSourceChannel source;
    private final ConduitStreamSinkChannel sink;
    private final String clientAddress;
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

    // the request in flight
    private boolean inFlight;
    private long started;
    private HttpString method;
    private String path;
    private final RequestIdBytes requestId = new RequestIdBytes();
    private boolean closeAfter;
    private int attempts;
    /** Numbers each request for a connection, so that a connection opened for an earlier one is not taken twice. */
    private int attempt;
    private ByteBuffer requestHead;
    private Upstream upstream;
    private long waitingSince;
    private ByteBuffer answer;
    private ByteBuffer headForCaller;
    private boolean headRead;
    private ResponseHead.Framing framing;
    private long remaining;
    private ChunkedBodyEnd chunks;
    private boolean answerEnded;
    private boolean waitingForCaller;
    private boolean upstreamReusable;
    private int status;
    private UpstreamFailure failure;
    private long bytesSent;
    /** For a {@link Relay.Copying} request: where the copy goes, the copy, and the answer's Content-Encoding. */
    private AnswerCopy copyTo;
    private BodyCopy bodyCopy;
    private String contentEncoding;

    ClientConnection(FastLane lane, LaneThread thread, StreamConnection connection) {
        this.lane = lane;
        this.thread = thread;
        this.connection = connection;
        this.source = connection.getSourceChannel();
        this.sink = connection.getSinkChannel();
        this.clientAddress = connection.getPeerAddress() instanceof InetSocketAddress inet
                ? inet.getAddress().getHostAddress() : "unknown";
        this.lastActive = System.nanoTime();
    }

    void start() {
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
                if (!buffer.hasRemaining()) {
                    handOff();
                }
            }
            case HAND_OFF -> handOff();
            case FORWARD -> relay(head);
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
        thread.remove(this);
        sink.setWriteListener(null); // Undertow sets its own listeners; none of this lane's may fire on its connection
        ByteBuffer bytes = received;
        received = null;
        bytes.flip();
        lane.handOff(connection, bytes);
        thread.buffers.giveBack(bytes);
    }

    private void callerClosed() {
        callerClosed = true;
        readsSuspended = true;
        source.suspendReads();
        if (!inFlight) {
            close();
        } // else the answer is finished first: a caller may half-close after its last request
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
            copyTo = copying.copy();
            bodyCopy = new BodyCopy(copying.cap());
        }
        closeAfter = head.wantsClose();
        head.takeRequestId(requestId);
        requestHead = thread.buffers.take();
        ByteBuffer out = requestHead;
        head.writeUpstream(out, requestId, clientAddress);
        out.flip();
        ByteBuffer buffer = received;
        buffer.flip().position(head.length());
        buffer.compact();
        releaseReceivedIfEmpty();
        if (!lane.breaker().permit()) {
            answerWithFailure(UpstreamFailure.CIRCUIT_OPEN);
            return;
        }
        askForUpstream();
    }

    private void askForUpstream() {
        attempt++;
        thread.upstreams.acquire(this);
    }

    /** The number of the current request for a connection, for {@link #wantsConnection}. */
    int attempt() {
        return attempt;
    }

    /** Whether request {@code number} still waits for an upstream connection (it has not timed out or gone meanwhile). */
    boolean wantsConnection(int number) {
        return number == attempt && inFlight && upstream == null && failure == null && !closed;
    }

    void upstreamReady(Upstream ready) {
        upstream = ready;
        waitingSince = System.nanoTime();
        ByteBuffer out = requestHead;
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
        ByteBuffer out = requestHead;
        try {
            upstream.connection.getSinkChannel().write(out);
        } catch (IOException e) {
            upstreamEnded();
            return;
        }
        if (!out.hasRemaining()) {
            upstream.connection.getSinkChannel().suspendWrites();
        }
    }

    void upstreamFailed(UpstreamFailure why) {
        if (inFlight && failure == null && !headRead) {
            answerWithFailure(why);
        }
    }

    void upstreamReadable() {
        if (answer == null) {
            answer = thread.buffers.take();
        }
        ByteBuffer buffer = answer;
        int read;
        try {
            read = upstream.connection.getSourceChannel().read(buffer);
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
        if (!headRead) {
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
        frameBody(buffer);
        writeToCaller();
    }

    private void startAnswer(ResponseHead head) {
        headRead = true;
        waitingSince = 0;
        status = head.status();
        framing = head.framing();
        remaining = head.contentLength();
        upstreamReusable = head.reusable();
        answerEnded = framing == ResponseHead.Framing.NONE;
        if (bodyCopy != null) {
            contentEncoding = head.contentEncoding();
        }
        if (framing == ResponseHead.Framing.CHUNKED) {
            chunks = new ChunkedBodyEnd(bodyCopy);
        }
        if (framing == ResponseHead.Framing.UNTIL_CLOSE) {
            closeAfter = true; // the caller, too, learns where the body ends from the close
        }
        headForCaller = thread.buffers.take();
        head.writeForClient(headForCaller, requestId, closeAfter || callerClosed);
        headForCaller.flip();
    }

    /** Marks where the answer ends within the bytes just read; bytes after it belong to no request. */
    private void frameBody(ByteBuffer body) {
        switch (framing) {
            case NONE -> {
                if (body.hasRemaining()) {
                    upstreamReusable = false;
                    body.limit(body.position());
                }
            }
            case LENGTH -> {
                if (body.remaining() >= remaining) {
                    if (body.remaining() > remaining) {
                        upstreamReusable = false;
                        body.limit(body.position() + (int) remaining);
                    }
                    remaining = 0;
                    answerEnded = true;
                } else {
                    remaining -= body.remaining();
                }
            }
            case CHUNKED -> {
                int end = chunks.feed(body, body.position(), body.limit());
                if (end == ChunkedBodyEnd.MALFORMED) {
                    upstreamReusable = false;
                    closeAfter = true; // the caller cannot be told where a broken body ends
                    answerEnded = true;
                    copyIncomplete();
                } else if (end >= 0) {
                    if (end < body.limit()) {
                        upstreamReusable = false;
                        body.limit(end);
                    }
                    answerEnded = true;
                }
            }
            case UNTIL_CLOSE -> {
                // ends when the upstream closes
            }
            default -> throw new IllegalStateException();
        }
        if (bodyCopy != null && framing != ResponseHead.Framing.CHUNKED) {
            bodyCopy.add(body, body.position(), body.remaining()); // a chunked body's data was copied by its parser
        }
    }

    private void upstreamEnded() {
        if (!headRead) {
            if ((answer == null || answer.position() == 0) && attempts < lane.retries() && isIdempotent()) {
                // most often a pooled connection the upstream had closed just as it was taken: try a fresh one
                attempts++;
                dropUpstream();
                askForUpstream();
                return;
            }
            answerWithFailure(UpstreamFailure.UNREACHABLE); // reset, closed or refused before an answer
            return;
        }
        upstreamReusable = false;
        if (framing == ResponseHead.Framing.UNTIL_CLOSE) {
            answerEnded = true;
            answer.flip();
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
     * or sent what is not an answer (502), time ran out (504), the breaker is open or the queue full (503). The upstream
     * connection, if any, is closed: whatever it sends later is not this answer.
     */
    private void answerWithFailure(UpstreamFailure why) {
        failure = why;
        if (why != UpstreamFailure.CIRCUIT_OPEN) {
            why.log(requestId.text(), method.toString(), path);
        }
        if (upstream == null) {
            thread.upstreams.withdraw(this);
        } else {
            dropUpstream();
        }
        status = why.status();
        headRead = true;
        waitingSince = 0;
        answerEnded = true;
        byte[] body = LegacyErrorBody.json(why.message(), requestId.text()).getBytes(StandardCharsets.UTF_8);
        if (bodyCopy != null) {
            bodyCopy.add(ByteBuffer.wrap(body), 0, body.length); // the answer the caller gets, as the chain's copy has it
        }
        if (answer == null) {
            answer = thread.buffers.take();
        }
        ByteBuffer out = answer;
        out.clear();
        Ascii.put(out, "HTTP/1.1 " + why.status() + " " + reason(why.status()) + "\r\n");
        Ascii.putHeader(out, "Content-Type", "application/json");
        Ascii.putHeader(out, "Content-Length", Integer.toString(body.length));
        Ascii.putHeader(out, "X-Request-Id", requestId.text());
        if (why == UpstreamFailure.CIRCUIT_OPEN) {
            Ascii.putHeader(out, "Retry-After", lane.breaker().retryAfterSeconds());
        }
        if (closeAfter || callerClosed) {
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

    /** Writes what is ready (the head, then the body bytes in {@code answer}); pauses the upstream when the caller lags. */
    private void writeToCaller() {
        ByteBuffer body = answer;
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
                if (upstream != null) {
                    upstream.connection.getSourceChannel().suspendReads();
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
        if (answerEnded) {
            finish();
            return;
        }
        answer.clear();
        if (upstreamPaused) {
            upstream.connection.getSourceChannel().resumeReads();
        }
    }

    private void finish() {
        long now = System.nanoTime();
        lane.finished(method, path, requestId, clientAddress, status, bytesSent, now - started, failure);
        if (copyTo != null) {
            copyTo.answered(status, contentEncoding, bodyCopy.bytes(), now - started);
        }
        releaseUpstream();
        releaseBuffers();
        inFlight = false;
        lastActive = now;
        if (closeAfter || callerClosed) {
            close();
            return;
        }
        if (readsSuspended) {
            readsSuspended = false;
            source.resumeReads();
        }
        if (received != null && received.position() > 0) {
            nextRequest(); // the next request of a pipelining caller is already here
        }
    }

    /** Ends the exchange with the caller's connection closed: it cannot be told more. */
    private void abort() {
        upstreamReusable = false;
        lane.finished(method, path, requestId, clientAddress, status == 0 ? 502 : status, bytesSent,
                System.nanoTime() - started, failure == null && !headRead ? UpstreamFailure.UNREACHABLE : failure);
        copyIncomplete();
        inFlight = false;
        close();
    }

    /** Gives up the upstream connection of a request that will not read from it again. */
    private void dropUpstream() {
        Upstream dead = upstream;
        upstream = null;
        thread.upstreams.discard(dead);
    }

    private void releaseUpstream() {
        if (upstream == null) {
            return;
        }
        Upstream done = upstream;
        upstream = null;
        if (upstreamReusable && answerEnded && failure == null) {
            thread.upstreams.release(done);
        } else {
            thread.upstreams.discard(done);
        }
    }

    /** The copy of this answer, if one is made, is given up (reported once: what ends the answer then sees none). */
    private void copyIncomplete() {
        if (copyTo != null) {
            copyTo.incomplete();
            copyTo = null;
        }
    }

    private void releaseBuffers() {
        thread.buffers.giveBack(requestHead);
        thread.buffers.giveBack(answer);
        thread.buffers.giveBack(headForCaller);
        requestHead = null;
        answer = null;
        headForCaller = null;
        outgoing[0] = null;
        outgoing[1] = null;
        headRead = false;
        waitingForCaller = false;
        chunks = null;
        failure = null;
        copyTo = null;
        bodyCopy = null;
        contentEncoding = null;
        status = 0;
        bytesSent = 0;
        attempts = 0;
        waitingSince = 0;
    }

    /** For the sweep: when this connection's request started waiting for its answer head, or 0. */
    long waitingSince() {
        return waitingSince;
    }

    /** For the sweep: when this connection's request started, while it has no upstream connection yet, or 0. */
    long connectingSince() {
        return inFlight && upstream == null && failure == null ? started : 0;
    }

    boolean inFlight() {
        return inFlight;
    }

    /**
     * Whether part of a request head has arrived, and no more for a while counts against the parse timeout; not while
     * the rule's verdict is awaited, which the idle timeout bounds.
     */
    boolean hasPartialRequest() {
        return !deciding && received != null && received.position() > 0;
    }

    /** Closes the caller's connection and gives back everything the request in flight held. */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        thread.remove(this);
        if (inFlight) {
            // the caller went away first: nginx's 499 in the metrics, and no verdict on the upstream for the breaker
            lane.abandoned(method, path, requestId, clientAddress, bytesSent, System.nanoTime() - started);
            copyIncomplete();
            thread.upstreams.withdraw(this);
            upstreamReusable = false;
            inFlight = false;
        }
        releaseUpstream();
        releaseBuffers();
        thread.buffers.giveBack(received);
        received = null;
        IoUtils.safeClose(connection);
    }
}
