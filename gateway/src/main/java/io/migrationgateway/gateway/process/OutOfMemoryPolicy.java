package io.migrationgateway.gateway.process;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * Stops the gateway's JVM at once when it hits an error it cannot recover from, a {@link VirtualMachineError} (above all
 * an {@link OutOfMemoryError}), so that its supervisor (Docker, Kubernetes, systemd) starts a fresh one. Going on would
 * leave a half-dead process: an OutOfMemoryError once ended the selector thread of the legacy HTTP client, and every
 * request that needed the legacy side answered 503 until someone restarted the gateway.
 *
 * <p>{@code -XX:+ExitOnOutOfMemoryError} (set by the image's launch) covers every OutOfMemoryError, wherever it is
 * caught. It cannot be switched on from inside the process ({@code HotSpotDiagnosticMXBean.setVMOption} refuses it: it is
 * not a manageable flag), so a gateway started as {@code java -jar} without it relies on this class: {@link #install}
 * makes it the handler of every exception no thread catches, the catch-all boundaries hand what they catch to
 * {@link #haltIfFatal}, and periodic work runs on a {@link #scheduler}.
 *
 * <p>Halting writes one line to stderr and calls {@link Runtime#halt} with {@link #EXIT_CODE}, without the shutdown
 * hooks: a clean stop needs memory and threads that may be gone, and could hang instead of ending. {@link #haltIfFatal}
 * and the {@link #scheduler} halt whether or not {@link #install} ran (in a test's JVM too): a process out of memory is
 * done. Thread-safe.
 */
public final class OutOfMemoryPolicy implements Thread.UncaughtExceptionHandler {
    /** The exit status of a gateway halted by this policy (the JVM's own for {@code ExitOnOutOfMemoryError} is 3). */
    public static final int EXIT_CODE = 70;
    /** The start of the line written before halting. */
    public static final String LINE_PREFIX = "fatal: ";

    private static final String HALTING = "; halting with exit code " + EXIT_CODE + " so that the supervisor restarts the gateway";
    /** Written when building the line fails for want of memory (as it often does): preallocated, they need none. */
    private static final byte[] OUT_OF_MEMORY_LINE = line(OutOfMemoryError.class.getName());
    private static final byte[] OTHER_LINE = line("a " + VirtualMachineError.class.getName());
    private static final OutputStream STDERR = new FileOutputStream(FileDescriptor.err);
    /** A cause chain longer than this is not walked further (a chain that loops through its own causes ends here). */
    private static final int MAX_CAUSES = 32;

    private final Thread.UncaughtExceptionHandler others;

    private OutOfMemoryPolicy(Thread.UncaughtExceptionHandler others) {
        this.others = others;
    }

    /**
     * Makes the policy the JVM's default uncaught-exception handler; an uncaught exception that is not a
     * VirtualMachineError goes where it went before. Called once, first thing, by the process's {@code main}.
     */
    public static void install() {
        Thread.setDefaultUncaughtExceptionHandler(new OutOfMemoryPolicy(Thread.getDefaultUncaughtExceptionHandler()));
    }

    /**
     * Halts on any VirtualMachineError, a {@link StackOverflowError} included: a thread it ended is gone, and with it
     * whatever that thread did for the process.
     */
    @Override
    public void uncaughtException(Thread thread, Throwable error) {
        if (error instanceof VirtualMachineError) {
            halt(error, thread);
        } else if (others != null) {
            others.uncaughtException(thread, error);
        } else {
            // what the JVM prints when no handler is set
            System.err.print("Exception in thread \"" + thread.getName() + "\" ");
            error.printStackTrace(System.err);
        }
    }

    /**
     * For a catch-all boundary (a request's error handler, a client's failure path): halts when {@code failure} is, or
     * was caused by, a VirtualMachineError other than a {@link StackOverflowError}, and returns otherwise. A stack
     * overflow is one request's bug, its stack already unwound when it is caught: the boundary answers it as an error
     * and the process goes on.
     */
    public static void haltIfFatal(Throwable failure) {
        Throwable cause = failure;
        for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
            if (cause instanceof VirtualMachineError && !(cause instanceof StackOverflowError)) {
                halt(cause, Thread.currentThread());
            }
        }
    }

    /**
     * A scheduler with one daemon thread named {@code threadName}, for periodic work: a VirtualMachineError that ends
     * one of its tasks halts the process, as an uncaught one does. A plain {@link ScheduledExecutorService} keeps it in
     * the task's future, where no one looks, and never runs the task again: the work would stop for good while the
     * process serves on.
     */
    public static ScheduledExecutorService scheduler(String threadName) {
        return new HaltingScheduler(threadName);
    }

    private static final class HaltingScheduler extends ScheduledThreadPoolExecutor {
        HaltingScheduler(String threadName) {
            super(1, Thread.ofPlatform().name(threadName).daemon(true).factory());
        }

        @Override
        protected void afterExecute(Runnable task, Throwable thrown) {
            // a scheduled task's failure is kept in its future (thrown is null); a periodic task's future is done only then
            if (task instanceof Future<?> future && future.isDone() && !future.isCancelled()) {
                try {
                    future.get();
                } catch (ExecutionException failed) {
                    if (failed.getCause() instanceof VirtualMachineError fatal) {
                        halt(fatal, Thread.currentThread());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    private static byte[] line(String error) {
        return (LINE_PREFIX + error + HALTING + System.lineSeparator()).getBytes(StandardCharsets.UTF_8);
    }

    private static void halt(Throwable error, Thread thread) {
        try {
            System.err.println(LINE_PREFIX + error + " in thread \"" + thread.getName() + "\"" + HALTING);
            System.err.flush();
        } catch (Throwable noMemoryForTheLine) {
            try {
                STDERR.write(error instanceof OutOfMemoryError ? OUT_OF_MEMORY_LINE : OTHER_LINE);
            } catch (Throwable stderrGone) {
                // halting matters more than the line
            }
        } finally {
            Runtime.getRuntime().halt(EXIT_CODE);
        }
    }
}
