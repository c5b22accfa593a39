package io.migrationgateway.gateway.lane;

import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.DefaultByteBufferPool;
import io.undertow.server.HttpHandler;
import io.undertow.server.protocol.http.HttpOpenListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import org.xnio.ChannelListener;
import org.xnio.ChannelListeners;
import org.xnio.IoUtils;
import org.xnio.OptionMap;
import org.xnio.Options;
import org.xnio.StreamConnection;
import org.xnio.Xnio;
import org.xnio.XnioWorker;
import org.xnio.channels.AcceptingChannel;

/**
 * The public port, plain http: accepted connections go to the {@link FastLane} (when on), which hands Undertow the ones
 * it does not serve; Undertow's own HTTP listener, built here the way {@code Undertow.start()} builds it, so that it
 * can take a connection mid-stream. Every accepted connection is watched while it reads a request head
 * ({@link HeadReaders}), whoever reads it. The optional https listener is an ordinary Undertow server on the same XNIO
 * worker, without the lane, with Undertow's own head timeout. Stopping closes the listeners, then every connection, then
 * the worker.
 */
public final class PublicListener implements AutoCloseable {
    /** Undertow's own default above 128 MB of heap. */
    private static final int BUFFER_SIZE = 16 * 1024;

    /**
     * How the public port is set up: Undertow's options are its own, whoever accepts the connection.
     *
     * @param requestHeadTimeoutMillis a head must be whole within this from its first byte
     * @param maxHeadReaders           connections reading a head at once, shared evenly among the IO threads
     */
    public record Settings(String host, int port, int ioThreads, int maxHeaderSize, long maxEntitySize,
                           int requestHeadTimeoutMillis, int noRequestTimeoutMillis, int maxHeadReaders) {
    }

    private final XnioWorker worker;
    private final AcceptingChannel<StreamConnection> server;
    private final HttpOpenListener undertow;
    private final Optional<Undertow> https;

    private PublicListener(XnioWorker worker, AcceptingChannel<StreamConnection> server, HttpOpenListener undertow,
                           Optional<Undertow> https) {
        this.worker = worker;
        this.server = server;
        this.undertow = undertow;
        this.https = https;
    }

    /**
     * Starts listening.
     *
     * @param fastLane    makes the lane in front of Undertow's listener, or returns null to leave every connection to it
     * @param headDropped told of each connection closed while reading a head, and why: "timeout" or "limit"
     */
    public static PublicListener start(Settings options, HttpHandler chain, Function<Lane, FastLane> fastLane,
                                       Optional<SSLContext> tls, int tlsPort, Consumer<String> headDropped) {
        XnioWorker worker = null;
        try {
            worker = Xnio.getInstance(Undertow.class.getClassLoader()).createWorker(OptionMap.builder()
                    .set(org.xnio.Options.WORKER_IO_THREADS, options.ioThreads())
                    .set(org.xnio.Options.CONNECTION_HIGH_WATER, 1_000_000)
                    .set(org.xnio.Options.CONNECTION_LOW_WATER, 1_000_000)
                    // blocking requests run on ElasticWorkerPool; the worker's own task threads are left idle
                    .set(org.xnio.Options.WORKER_TASK_CORE_THREADS, options.ioThreads())
                    .set(org.xnio.Options.WORKER_TASK_MAX_THREADS, options.ioThreads())
                    .set(org.xnio.Options.WORKER_NAME, "public")
                    .set(org.xnio.Options.TCP_NODELAY, true)
                    .set(org.xnio.Options.CORK, true)
                    .getMap());
            OptionMap undertowOptions = OptionMap.builder()
                    .set(UndertowOptions.MAX_HEADER_SIZE, options.maxHeaderSize())
                    // Undertow's default caps bodies at 2 MB by cutting the connection; the legacy side decides.
                    .set(UndertowOptions.MAX_ENTITY_SIZE, options.maxEntitySize())
                    // no REQUEST_PARSE_TIMEOUT: HeadReaders holds a head to its deadline, across a hand-off too
                    .set(UndertowOptions.NO_REQUEST_TIMEOUT, options.noRequestTimeoutMillis())
                    .set(UndertowOptions.ENABLE_HTTP2, false)
                    .getMap();
            HttpOpenListener undertow = new HttpOpenListener(new DefaultByteBufferPool(true, BUFFER_SIZE, -1, 4), undertowOptions);
            undertow.setRootHandler(new HeadReadHandler(chain));
            FastLane lane = fastLane.apply(new Lane(worker, undertow));
            HeadReaders[] headReaders = new HeadReaders[worker.getIoThreadCount()];
            int perThread = Math.max(1, (options.maxHeadReaders() + headReaders.length - 1) / headReaders.length);
            for (int i = 0; i < headReaders.length; i++) {
                headReaders[i] = new HeadReaders(worker.getIoThread(i),
                        TimeUnit.MILLISECONDS.toNanos(options.requestHeadTimeoutMillis()), perThread, headDropped);
            }
            ChannelListener<StreamConnection> accepted = connection -> {
                HeadWatch watch = HeadWatch.install(connection, headReaders[connection.getIoThread().getNumber()]);
                if (lane != null) {
                    lane.accept(connection, watch);
                } else {
                    watch.refuseControlCharacters();
                    undertow.handleEvent(connection);
                }
            };
            AcceptingChannel<StreamConnection> server = worker.createStreamConnectionServer(
                    new InetSocketAddress(options.host(), options.port()), ChannelListeners.openListenerAdapter(accepted),
                    OptionMap.builder()
                            .set(org.xnio.Options.TCP_NODELAY, true)
                            .set(org.xnio.Options.REUSE_ADDRESSES, true)
                            .set(org.xnio.Options.BALANCING_TOKENS, 1)
                            .set(org.xnio.Options.BALANCING_CONNECTIONS, 2)
                            .set(org.xnio.Options.BACKLOG, 1024)
                            .getMap());
            server.resumeAccepts();
            Optional<Undertow> https = Optional.empty();
            if (tls.isPresent()) {
                // the https port serves the very same chain: kubectl sends credentials only over TLS
                Undertow secure = Undertow.builder()
                        .setWorker(worker)
                        .addHttpsListener(tlsPort, options.host(), tls.get())
                        .setServerOption(UndertowOptions.MAX_HEADER_SIZE, options.maxHeaderSize())
                        .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, options.maxEntitySize())
                        .setServerOption(UndertowOptions.REQUEST_PARSE_TIMEOUT, options.requestHeadTimeoutMillis())
                        .setServerOption(UndertowOptions.NO_REQUEST_TIMEOUT, options.noRequestTimeoutMillis())
                        .setServerOption(UndertowOptions.ENABLE_HTTP2, false)
                        .setSocketOption(org.xnio.Options.BACKLOG, 1024)
                        .setHandler(chain)
                        .build();
                try {
                    secure.start();
                } catch (RuntimeException e) {
                    IoUtils.safeClose(server);
                    throw e;
                }
                https = Optional.of(secure);
            }
            return new PublicListener(worker, server, undertow, https);
        } catch (IOException e) {
            if (worker != null) {
                worker.shutdownNow();
            }
            throw new UncheckedIOException("cannot listen on " + options.host() + ":" + options.port() + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            if (worker != null) {
                worker.shutdownNow();
            }
            throw e;
        }
    }

    /** What a fast lane is built on: the worker whose IO threads it runs on, and the listener it hands connections to. */
    public record Lane(XnioWorker worker, HttpOpenListener undertow) {
    }

    /** The plain-http address. */
    public InetSocketAddress address() {
        return server.getLocalAddress(InetSocketAddress.class);
    }

    /** The https address, when there is one. */
    public Optional<InetSocketAddress> tlsAddress() {
        return https.map(secure -> (InetSocketAddress) secure.getListenerInfo().get(0).getAddress());
    }

    @Override
    public void close() {
        IoUtils.safeClose(server);
        https.ifPresent(Undertow::stop);
        undertow.closeConnections();
        worker.shutdownNow(); // closes the fast lane's connections, upstream ones included, with their IO threads
        try {
            worker.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
