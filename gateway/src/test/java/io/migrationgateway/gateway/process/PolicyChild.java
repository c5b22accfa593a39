package io.migrationgateway.gateway.process;

import io.migrationgateway.gateway.http.ErrorBoundaryHandler;
import io.undertow.Undertow;
import io.undertow.server.HttpHandler;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A process for {@link OutOfMemoryPolicyIT}: installs the policy as {@code GatewayMain} does, then fails as its
 * argument says, and exits 0 if it is still alive afterwards.
 *
 * <ul>
 *   <li>{@code boundary-out-of-memory}: a request handler behind the gateway's {@link ErrorBoundaryHandler} allocates
 *       beyond the heap;</li>
 *   <li>{@code boundary-stack-overflow}: such a handler recurses without end;</li>
 *   <li>{@code thread-out-of-memory}: a thread of its own, with no catch at all, allocates beyond the heap;</li>
 *   <li>{@code scheduled-out-of-memory}: a periodic task of {@link OutOfMemoryPolicy#scheduler} does, and the process
 *       waits for ten seconds.</li>
 * </ul>
 */
public final class PolicyChild {
    private PolicyChild() {
    }

    public static void main(String[] args) throws Exception {
        OutOfMemoryPolicy.install();
        switch (args[0]) {
            case "boundary-out-of-memory" -> System.out.println("answered " + request(exchange -> fillTheHeap()));
            case "boundary-stack-overflow" -> System.out.println("answered " + request(exchange -> recurse(0)));
            case "thread-out-of-memory" -> Thread.ofPlatform().name("filler").start(PolicyChild::fillTheHeap).join();
            case "scheduled-out-of-memory" -> {
                OutOfMemoryPolicy.scheduler("filler").scheduleWithFixedDelay(PolicyChild::fillTheHeap, 0, 1, TimeUnit.SECONDS);
                Thread.sleep(10_000);
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
        System.exit(0);
    }

    /** One GET served by {@code handler} behind the error boundary, on a loopback Undertow; its status. */
    private static int request(HttpHandler handler) throws Exception {
        Undertow server = Undertow.builder().addHttpListener(0, "127.0.0.1")
                .setHandler(new ErrorBoundaryHandler(handler)).build();
        server.start();
        try {
            int port = ((InetSocketAddress) server.getListenerInfo().getFirst().getAddress()).getPort();
            HttpURLConnection connection = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + "/").toURL().openConnection();
            return connection.getResponseCode();
        } finally {
            server.stop();
        }
    }

    private static void fillTheHeap() {
        List<byte[]> held = new ArrayList<>();
        while (true) {
            held.add(new byte[1024 * 1024]);
        }
    }

    private static int recurse(int depth) {
        return recurse(depth + 1) + 1;
    }
}
