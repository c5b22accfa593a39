import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP relay on 127.0.0.1 that delays every byte by a fixed time in each direction: a database "across a network"
 * for benchmarks on one machine (this VM has no netem). Bytes keep their order; each direction of each connection
 * has a reader that stamps what it reads and a writer that sends it once its time has come, so the delay adds to
 * the round trip without limiting the throughput.
 *
 * <p>Run: {@code java bench/DelayProxy.java LISTEN_PORT TARGET_HOST TARGET_PORT ONE_WAY_MICROS [SECONDS]}. It stops
 * by itself after SECONDS (default 3600), or when killed.
 */
public final class DelayProxy {
    private record Chunk(byte[] bytes, long due) {
    }

    private static final Chunk END = new Chunk(new byte[0], 0);

    public static void main(String[] args) throws IOException {
        if (args.length != 4 && args.length != 5) {
            System.err.println("usage: java DelayProxy.java LISTEN_PORT TARGET_HOST TARGET_PORT ONE_WAY_MICROS [SECONDS]");
            System.exit(2);
        }
        int listenPort = Integer.parseInt(args[0]);
        InetSocketAddress target = new InetSocketAddress(args[1], Integer.parseInt(args[2]));
        long delayNanos = Long.parseLong(args[3]) * 1_000;
        long lifetimeMillis = 1_000 * (args.length == 5 ? Long.parseLong(args[4]) : 3_600);
        Thread.ofPlatform().daemon().start(() -> {
            LockSupport.parkNanos(lifetimeMillis * 1_000_000);
            System.exit(0);
        });
        try (ServerSocket server = new ServerSocket(listenPort, 256, InetAddress.getLoopbackAddress())) {
            System.err.println("delay proxy on 127.0.0.1:" + listenPort + " -> " + target + ", " + args[3] + " us each way");
            while (true) {
                Socket client = server.accept();
                Socket upstream = new Socket();
                try {
                    upstream.connect(target);
                } catch (IOException e) {
                    System.err.println("cannot reach " + target + ": " + e.getMessage());
                    client.close();
                    continue;
                }
                client.setTcpNoDelay(true);
                upstream.setTcpNoDelay(true);
                relay(client, upstream, delayNanos);
                relay(upstream, client, delayNanos);
            }
        }
    }

    private static void relay(Socket from, Socket to, long delayNanos) throws IOException {
        LinkedBlockingQueue<Chunk> chunks = new LinkedBlockingQueue<>();
        InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream();
        Thread.ofPlatform().daemon().start(() -> {
            byte[] buffer = new byte[64 * 1024];
            try {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    chunks.add(new Chunk(Arrays.copyOf(buffer, n), System.nanoTime() + delayNanos));
                }
            } catch (IOException closed) {
                // the other side closed the connection: the writer ends it too
            }
            chunks.add(END);
        });
        Thread.ofPlatform().daemon().start(() -> {
            try (from; to) {
                for (Chunk chunk = chunks.take(); chunk != END; chunk = chunks.take()) {
                    for (long wait; (wait = chunk.due() - System.nanoTime()) > 0; ) {
                        LockSupport.parkNanos(wait);
                    }
                    out.write(chunk.bytes());
                }
            } catch (IOException | InterruptedException closed) {
                // connection gone
            }
        });
    }
}
