package io.migrationgateway.gateway.lane;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import org.xnio.IoUtils;
import org.xnio.StreamConnection;
import org.xnio.channels.StreamSinkChannel;
import org.xnio.conduits.AbstractStreamSourceConduit;
import org.xnio.conduits.StreamSourceConduit;

/**
 * One connection of the http port as {@link HeadReaders} sees it: a conduit under whoever reads the connection (the
 * fast lane, Undertow's parser, or the one and then the other), so that a request head starts with the first bytes that
 * arrive while no request is in progress, whichever of the two reads them. The reader says when the head is whole
 * ({@link #headRead}) and when its request is over ({@link #requestOver}).
 *
 * <p>Used on the connection's IO thread; {@link #requestOver} may be called from any thread.
 */
final class HeadWatch extends AbstractStreamSourceConduit<StreamSourceConduit> {
    private enum State { IDLE, HEAD, REQUEST }

    private final HeadReaders readers;
    private final StreamConnection connection;
    private State state = State.IDLE;
    /** Counts the heads read, so that the end of an earlier request cannot end a later one. */
    private int requests;
    /** Closes the connection when it is dropped, or null for a plain close: the lane's own close lets go of its buffers. */
    private Runnable closer;
    /** Set where no fast lane reads the heads first. */
    private ControlCharacterGuard guard;

    // HeadReaders' list, oldest head first
    long headStarted;
    boolean listed;
    HeadWatch older;
    HeadWatch newer;

    HeadWatch(StreamConnection connection, HeadReaders readers) {
        super(connection.getSourceChannel().getConduit());
        this.connection = connection;
        this.readers = readers;
    }

    /** Puts a watch under everything that will read {@code connection}. */
    static HeadWatch install(StreamConnection connection, HeadReaders readers) {
        HeadWatch watch = new HeadWatch(connection, readers);
        connection.getSourceChannel().setConduit(watch);
        return watch;
    }

    /** Who closes the connection when it is dropped; null gives it back to a plain close. */
    void closeWith(Runnable closer) {
        this.closer = closer;
    }

    /**
     * The head of the request now starting is whole (it may have come with the bytes of an earlier one).
     *
     * @return the request's number, for {@link #requestOver}
     */
    int headRead() {
        if (state == State.HEAD) {
            readers.finished(this);
        }
        state = State.REQUEST;
        return ++requests;
    }

    /**
     * Request {@code number} is over; with {@code headBytesWaiting}, bytes of the next head have already been read.
     */
    void requestOver(int number, boolean headBytesWaiting) {
        if (Thread.currentThread() != connection.getIoThread()) {
            connection.getIoThread().execute(() -> requestOver(number, headBytesWaiting));
            return;
        }
        if (number != requests || state != State.REQUEST) {
            return;
        }
        state = State.IDLE;
        if (headBytesWaiting) {
            startHead();
        }
    }

    /** Whether part of a head has arrived and the rest is awaited. */
    boolean readingHead() {
        return state == State.HEAD;
    }

    boolean isOpen() {
        return connection.isOpen();
    }

    /** Leaves the head readers: the connection is closing. */
    void closed() {
        readers.finished(this);
    }

    /** Closes the connection: its head took too long, or too many connections were reading one. */
    void drop() {
        if (closer != null) {
            closer.run();
        } else {
            IoUtils.safeClose(connection);
        }
    }

    private void startHead() {
        state = State.HEAD;
        readers.started(this);
    }

    private void seen(long read) {
        if (read > 0) {
            if (state == State.IDLE) {
                startHead();
            }
        } else if (read < 0) {
            readers.finished(this);
        }
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        int start = dst.position();
        int read;
        try {
            read = next.read(dst);
        } catch (IOException e) {
            readers.finished(this);
            throw e;
        }
        seen(read);
        if (guard != null && read > 0 && state == State.HEAD && guard.refuses(dst, start, read)) {
            refuse(guard.answer());
            return -1;
        }
        return read;
    }

    /**
     * Refuses heads holding a control character here, below Undertow's parser, which answers them with a 400 of no body:
     * for a port where Undertow reads every head (no fast lane, which refuses them itself).
     */
    void refuseControlCharacters() {
        guard = new ControlCharacterGuard();
    }

    private void refuse(byte[] answer) {
        try {
            connection.getSinkChannel().write(ByteBuffer.wrap(answer));
            connection.getSinkChannel().flush();
        } catch (IOException gone) {
            // the caller left: nothing to tell
        }
        readers.finished(this);
        IoUtils.safeClose(connection);
    }

    /** Reads each head's bytes as they come, up to the blank line that ends it, for a control character. */
    private final class ControlCharacterGuard {
        private final ByteBuffer start = ByteBuffer.allocate(32);
        private int heads = -1;
        private int lineEnd;

        boolean refuses(ByteBuffer dst, int from, int count) {
            if (heads != requests) { // a new head
                heads = requests;
                start.clear();
                lineEnd = 0;
            }
            for (int i = from; i < from + count && lineEnd < 4; i++) {
                byte b = dst.get(i);
                if (start.hasRemaining()) {
                    start.put(b);
                }
                lineEnd = b == (lineEnd % 2 == 0 ? '\r' : '\n') ? lineEnd + 1 : b == '\r' ? 1 : 0;
                if (ControlCharacters.control(b)) {
                    return true;
                }
            }
            return false;
        }

        byte[] answer() {
            return ControlCharacters.answer(start);
        }
    }

    @Override
    public long read(ByteBuffer[] dsts, int offs, int len) throws IOException {
        long read;
        try {
            read = next.read(dsts, offs, len);
        } catch (IOException e) {
            readers.finished(this);
            throw e;
        }
        seen(read);
        return read;
    }

    @Override
    public long transferTo(long position, long count, FileChannel target) throws IOException {
        long read = next.transferTo(position, count, target);
        seen(read);
        return read;
    }

    @Override
    public long transferTo(long count, ByteBuffer throughBuffer, StreamSinkChannel target) throws IOException {
        long read = next.transferTo(count, throughBuffer, target);
        seen(read > 0 || throughBuffer.hasRemaining() ? 1 : read);
        return read;
    }
}
