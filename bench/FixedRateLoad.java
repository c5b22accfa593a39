import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * An open-loop HTTP/1.1 load generator for latency at a fixed rate (what wrk2 does, which Debian does not ship).
 *
 * <p>wrk keeps each connection busy: it measures how many requests a server answers, and its percentiles are those
 * of a saturated server, where every stall of a shared machine lands in the tail, and requests that would have been
 * sent during a stall are not sent at all (coordinated omission). This sends request i at {@code start + i / rate},
 * whatever the answers do, and measures each latency from that intended time; a request that finds no free connection
 * waits for one (new connections are opened up to {@code --connections}), and that wait counts in its latency.
 *
 * <pre>
 *   java bench/FixedRateLoad.java --rate N --duration SECONDS [--warmup SECONDS] [--connections 256]
 *        [--header 'Name: value']... [--latencies FILE] URL
 *   -> requests=... rate=... p50_ms=... p90_ms=... p99_ms=... p999_ms=... max_ms=... non2xx=... errors=... late=...
 *      connections=... opened=...
 * </pre>
 * {@code late} counts requests sent more than 1 ms after their time (no connection free, or the generator itself
 * behind); {@code errors} counts requests that got no answer; {@code connections} were open at the end, {@code opened}
 * were opened in all (more than the first when the server closed some). {@code --latencies} also writes every measured
 * latency to FILE, in microseconds, sorted, one per line: so that a caller can pool several runs and take a
 * percentile of all their requests, which the percentiles of each run do not give. The warm-up (default 5 s, the
 * generator's own JIT) runs at the same rate before the measured duration; its answers are not recorded. Exit status 1
 * when any request failed or got no 2xx answer. Plain http, GET only.
 *
 * <p>Two threads, so that the generator takes little of the CPU the measured server needs: the pacing thread parks
 * until each request is due and writes it on an idle connection (Linux wakes it 50-100 µs late, which every latency
 * includes, the same for every variant measured); one selector thread reads every connection's answers, with read
 * interest set once per connection, so no system call changes interest per request.
 */
public final class FixedRateLoad {
    private final InetSocketAddress address;
    private final byte[] request;
    private final int maxConnections;
    private final Selector selector;
    private final ConcurrentLinkedQueue<Connection> idle = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Long> waiting = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Connection> toRegister = new ConcurrentLinkedQueue<>();
    /** Connections open now, and opened in all (a server that closes connections makes the second grow). */
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger opened = new AtomicInteger();
    private final AtomicLong late = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    // written by the selector thread only, read after it has stopped
    private long non2xx;
    private long[] latencies = new long[1 << 16];
    private int recorded;
    private long measureFrom;
    private volatile boolean stopping;

    private FixedRateLoad(URI url, List<String> headers, int maxConnections) throws IOException {
        int port = url.getPort() == -1 ? 80 : url.getPort();
        this.address = new InetSocketAddress(url.getHost(), port);
        this.maxConnections = maxConnections;
        this.selector = Selector.open();
        StringBuilder head = new StringBuilder("GET ").append(url.getRawPath().isEmpty() ? "/" : url.getRawPath())
            .append(url.getRawQuery() == null ? "" : "?" + url.getRawQuery()).append(" HTTP/1.1\r\n");
        if (headers.stream().noneMatch(h -> h.regionMatches(true, 0, "Host:", 0, 5))) {
            head.append("Host: ").append(url.getHost()).append(':').append(port).append("\r\n");
        }
        headers.forEach(h -> head.append(h).append("\r\n"));
        this.request = head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    public static void main(String[] args) throws Exception {
        double rate = 0;
        double duration = 0;
        double warmup = 5;
        int connections = 256;
        List<String> headers = new ArrayList<>();
        Path latencyFile = null;
        URI url = null;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--rate" -> rate = Double.parseDouble(args[++i]);
                    case "--duration" -> duration = Double.parseDouble(args[++i]);
                    case "--warmup" -> warmup = Double.parseDouble(args[++i]);
                    case "--connections" -> connections = Integer.parseInt(args[++i]);
                    case "--header" -> headers.add(args[++i]);
                    case "--latencies" -> latencyFile = Path.of(args[++i]);
                    default -> url = URI.create(args[i]);
                }
            }
        } catch (RuntimeException e) {
            url = null;
        }
        if (url == null || !"http".equals(url.getScheme()) || url.getHost() == null || rate <= 0 || duration <= 0
            || warmup < 0 || connections < 1) {
            System.err.println("usage: FixedRateLoad --rate REQUESTS_PER_SECOND --duration SECONDS [--warmup SECONDS] "
                + "[--connections MAX] [--header 'Name: value']... [--latencies FILE] http://HOST:PORT/PATH");
            System.exit(2);
        }
        System.exit(new FixedRateLoad(url, headers, connections).run(rate, warmup, duration, latencyFile));
    }

    private int run(double rate, double warmup, double seconds, Path latencyFile)
            throws InterruptedException, IOException {
        long interval = Math.round(1e9 / rate);
        long warmupRequests = (long) (warmup * rate);
        long total = warmupRequests + (long) (seconds * rate);
        long first = System.nanoTime() + 50_000_000;   // 50 ms to start the selector thread
        measureFrom = first + warmupRequests * interval;
        Thread reader = Thread.ofPlatform().name("fixed-rate-reader").start(this::readAnswers);
        for (long i = 0; i < total; i++) {
            long due = first + i * interval;
            for (long left; (left = due - System.nanoTime()) > 0; ) {
                LockSupport.parkNanos(left);
            }
            Connection connection = idle.poll();
            if (connection == null && open.get() < maxConnections) {
                connection = open();
            }
            if (connection == null) {
                waiting.add(due);   // the next connection that comes free sends it
                sendWaiting();
            } else {
                connection.send(due);
            }
        }
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (completed.get() + failed.get() < total && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        long finished = System.nanoTime();
        stopping = true;
        selector.wakeup();
        reader.join();
        long[] all = Arrays.copyOf(latencies, recorded);
        Arrays.sort(all);
        if (latencyFile != null) {
            writeMicros(all, latencyFile);
        }
        System.out.printf(Locale.ROOT, "requests=%d rate=%.1f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f p999_ms=%.3f "
                + "max_ms=%.3f non2xx=%d errors=%d late=%d connections=%d opened=%d%n", all.length,
            all.length / ((finished - measureFrom) / 1e9), ms(all, 0.5), ms(all, 0.9), ms(all, 0.99), ms(all, 0.999),
            all.length == 0 ? 0 : all[all.length - 1] / 1e6, non2xx, total - completed.get(), late.get(),
            open.get(), opened.get());
        return non2xx == 0 && completed.get() == total ? 0 : 1;
    }

    /**
     * Pairs waiting requests with idle connections. Called by whoever adds to either queue, after adding, so that a
     * request and a connection that arrive at the same moment cannot miss each other.
     */
    private void sendWaiting() {
        while (!waiting.isEmpty()) {
            Connection connection = idle.poll();
            if (connection == null) {
                return;
            }
            Long due = waiting.poll();
            if (due == null) {
                idle.add(connection);
                return;
            }
            connection.send(due);
        }
    }

    private Connection open() {
        open.incrementAndGet();
        try {
            SocketChannel channel = SocketChannel.open(address);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.configureBlocking(false);
            Connection connection = new Connection(channel);
            opened.incrementAndGet();
            toRegister.add(connection);
            selector.wakeup();
            return connection;
        } catch (IOException e) {
            open.decrementAndGet();
            return null;
        }
    }

    private void readAnswers() {
        try {
            while (!stopping) {
                selector.select();
                for (Connection c; (c = toRegister.poll()) != null; ) {
                    c.channel.register(selector, SelectionKey.OP_READ, c);
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    ((Connection) key.attachment()).readable();
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void record(long due, long latency, int status) {
        if (status < 200 || status > 299) {
            non2xx++;
        }
        if (due >= measureFrom) {
            if (recorded == latencies.length) {
                latencies = Arrays.copyOf(latencies, recorded * 2);
            }
            latencies[recorded++] = latency;
        }
        completed.incrementAndGet();
    }

    private static void writeMicros(long[] sortedNanos, Path file) throws IOException {
        try (var out = new PrintWriter(Files.newBufferedWriter(file))) {
            for (long nanos : sortedNanos) {
                out.println(nanos / 1_000);
            }
        }
    }

    private static double ms(long[] sorted, double p) {
        return sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] / 1e6;
    }

    /**
     * One keep-alive connection, owned by one side at a time: idle in the queue, or sending and then awaiting its
     * answer, which the selector thread parses as it arrives (Content-Length or chunked bodies).
     */
    private final class Connection {
        private final SocketChannel channel;
        private final ByteBuffer in = ByteBuffer.allocate(32 * 1024);
        private final StringBuilder line = new StringBuilder(128);
        private volatile long due;
        private volatile boolean pending;
        private Parse state = Parse.STATUS;
        private int status;
        private long left;
        private boolean chunked;
        private boolean close;

        Connection(SocketChannel channel) {
            this.channel = channel;
        }

        void send(long dueTime) {
            due = dueTime;
            pending = true;
            if (System.nanoTime() - dueTime > 1_000_000) {
                late.incrementAndGet();
            }
            try {
                ByteBuffer out = ByteBuffer.wrap(request);
                while (out.hasRemaining()) {
                    if (channel.write(out) == 0) {
                        Thread.onSpinWait();   // a full send buffer: the server has not read the last request
                    }
                }
            } catch (IOException e) {
                fail();
            }
        }

        /** Selector thread: reads what arrived and ends every answer it completes. */
        void readable() {
            try {
                int read;
                while ((read = channel.read(in)) > 0) {
                    in.flip();
                    parse();
                    in.clear();
                }
                if (read < 0) {
                    fail();
                }
            } catch (IOException | RuntimeException e) {
                fail();
            }
        }

        private void parse() throws IOException {
            while (in.hasRemaining()) {
                switch (state) {
                    case STATUS, HEADER, CHUNK_SIZE, CHUNK_END, TRAILER -> {
                        if (readLine()) {
                            onLine(line.toString());
                            line.setLength(0);
                        }
                    }
                    case BODY, CHUNK_DATA -> {
                        int skip = (int) Math.min(left, in.remaining());
                        in.position(in.position() + skip);
                        left -= skip;
                        if (left == 0) {
                            if (state == Parse.BODY) {
                                answered();
                            } else {
                                state = Parse.CHUNK_END;
                            }
                        }
                    }
                }
            }
        }

        private boolean readLine() {
            while (in.hasRemaining()) {
                char c = (char) (in.get() & 0xff);
                if (c == '\n') {
                    return true;
                }
                if (c != '\r') {
                    line.append(c);
                }
            }
            return false;
        }

        private void onLine(String text) throws IOException {
            switch (state) {
                case STATUS -> {
                    if (!text.startsWith("HTTP/1.") || text.length() < 12) {
                        throw new IOException("not an HTTP answer: " + text);
                    }
                    status = Integer.parseInt(text.substring(9, 12));
                    left = -1;
                    chunked = false;
                    close = false;
                    state = Parse.HEADER;
                }
                case HEADER -> {
                    if (text.isEmpty()) {
                        endOfHead();
                        return;
                    }
                    int colon = text.indexOf(':');
                    String name = colon < 0 ? text : text.substring(0, colon).trim();
                    String value = colon < 0 ? "" : text.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
                    if (name.equalsIgnoreCase("Content-Length")) {
                        left = Long.parseLong(value);
                    } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
                        chunked = value.contains("chunked");
                    } else if (name.equalsIgnoreCase("Connection")) {
                        close = value.contains("close");   // nginx ends a connection after keepalive_requests
                    }
                }
                case CHUNK_SIZE -> {
                    left = Long.parseLong(text.split(";")[0].trim(), 16);
                    state = left == 0 ? Parse.TRAILER : Parse.CHUNK_DATA;
                }
                case CHUNK_END -> state = Parse.CHUNK_SIZE;
                case TRAILER -> {
                    if (text.isEmpty()) {
                        answered();
                    }
                }
                default -> throw new IllegalStateException(state.name());
            }
        }

        private void endOfHead() throws IOException {
            if (chunked) {
                state = Parse.CHUNK_SIZE;
            } else if (left > 0) {
                state = Parse.BODY;
            } else if (left == 0 || status == 204 || status == 304) {
                answered();
            } else {
                throw new IOException("an answer without Content-Length or chunking (close-delimited) is not supported");
            }
        }

        private void answered() {
            long now = System.nanoTime();
            state = Parse.STATUS;
            if (!pending) {
                fail();   // an answer to no request
                return;
            }
            pending = false;
            record(due, now - due, status);
            if (close) {
                fail();
                return;
            }
            Long next = waiting.poll();
            if (next != null) {
                send(next);
            } else {
                idle.add(this);
                sendWaiting();
            }
        }

        /** Drops the connection; a request it was waiting for counts as failed. */
        private synchronized void fail() {
            if (!channel.isOpen()) {
                return;
            }
            if (pending) {
                pending = false;
                failed.incrementAndGet();
            }
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing a broken connection
            }
            open.decrementAndGet();
        }
    }

    private enum Parse { STATUS, HEADER, BODY, CHUNK_SIZE, CHUNK_DATA, CHUNK_END, TRAILER }
}
