package io.migrationgateway.gateway.budget;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lowers the CPU priority of the threads that do shadow work to the least (nice 19), so that the scheduler runs the
 * answering path first whenever both want a core.
 *
 * <p>Why: on a machine with few cores, a request's thread waits for a core a comparison holds, for up to a scheduler
 * time slice, although the comparisons run on threads of their own (docs/decisions/shadow-cpu-budget.md). A nice-19
 * thread weighs 1/70 of a normal one in Linux's scheduler, so it takes what the answering path leaves. Java's thread
 * priorities do nothing on Linux (HotSpot ignores them without root), so the thread renices itself by its kernel id
 * ({@code /proc/thread-self}), once, the first time it runs shadow work; on Linux {@code setpriority} on a thread id
 * changes that thread alone. Where that cannot be done (not Linux, no {@code renice}), the work runs at normal
 * priority, as it did before, and a single warning says so.
 */
public final class LowPriority {
    private static final Logger LOG = LoggerFactory.getLogger(LowPriority.class);
    /** The kernel's lowest priority. */
    static final int NICE = 19;
    private static final ThreadLocal<Boolean> LOWERED = ThreadLocal.withInitial(() -> false);
    private static volatile boolean unavailable;

    private LowPriority() {
    }

    /** Lowers the calling thread's priority, the first time a thread calls it. */
    public static void forCurrentThread() {
        if (LOWERED.get() || unavailable) {
            return;
        }
        LOWERED.set(true);
        try {
            String threadId = Path.of("/proc/thread-self").toRealPath().getFileName().toString();
            Process renice = new ProcessBuilder("renice", "-n", String.valueOf(NICE), "-p", threadId)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!renice.waitFor(5, TimeUnit.SECONDS) || renice.exitValue() != 0) {
                renice.destroy();
                disable("renice failed");
            }
        } catch (IOException e) {
            disable(e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void disable(String why) {
        if (!unavailable) {
            unavailable = true;
            LOG.warn("shadow work runs at normal CPU priority: cannot lower it here ({})", why);
        }
    }
}
