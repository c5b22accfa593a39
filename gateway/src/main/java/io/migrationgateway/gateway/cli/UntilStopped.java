package io.migrationgateway.gateway.cli;

import java.util.concurrent.CountDownLatch;

/**
 * Keeps a command running until the process is told to stop (SIGINT, SIGTERM), then runs its clean-up
 * once, on the JVM's shutdown hook, before the process exits.
 */
final class UntilStopped {
    private UntilStopped() {
    }

    static void await(Runnable cleanUp) {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("shutdown").unstarted(() -> {
            cleanUp.run();
            stopped.countDown();
        }));
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
