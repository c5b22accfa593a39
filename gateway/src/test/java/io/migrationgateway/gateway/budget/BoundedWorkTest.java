package io.migrationgateway.gateway.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BoundedWorkTest {
    private static final long MS = 1_000_000;

    @Test
    void jobsWaitingForAThreadCountAgainstTheBudgetBeforeTheyRun() throws Exception {
        CpuBudget budget = new CpuBudget(1e-9, 3 * MS, System::nanoTime); // earns next to nothing; 3 ms saved up
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        try (BoundedWork work = BoundedWork.metered("test", 1, 100, Duration.ofSeconds(5), budget)) {
            assertThat(work.offer(() -> {
                running.countDown();
                awaitQuietly(finish);
            })).isTrue();
            assertThat(running.await(5, TimeUnit.SECONDS)).isTrue();

            int queued = 0;
            while (!work.overBudget() && queued < 100) {
                assertThat(work.offer(() -> { })).isTrue();
                queued++;
            }

            assertThat(queued).as("queued jobs of the first estimate, 1 ms each, against 3 ms").isEqualTo(3);
            finish.countDown();
        }
    }

    @Test
    void meteredJobsAndTheirCallsRunAtTheLowestCpuPriorityAndUnmeteredOnesDoNot() throws Exception {
        assumeTrue(Files.exists(Path.of("/proc/thread-self/stat")), "Linux only");
        assumeTrue(currentNice().isPresent() && currentNice().getAsInt() < LowPriority.NICE, "the test runs niced already");
        try (BoundedWork metered = BoundedWork.metered("test", 1, 10, Duration.ofSeconds(5), CpuBudget.UNLIMITED);
             BoundedWork unmetered = BoundedWork.unmetered("test-unmetered", 1, 10, Duration.ofSeconds(5))) {
            assertThat(niceOfAJob(metered)).hasValue(LowPriority.NICE);
            assertThat(niceOfACall(metered)).hasValue(LowPriority.NICE);
            assertThat(niceOfAJob(unmetered)).hasValue(currentNice().getAsInt());
        }
        assertThat(currentNice()).as("the test's own thread is left alone").isNotEqualTo(OptionalInt.of(LowPriority.NICE));
    }

    private static OptionalInt niceOfAJob(BoundedWork work) throws Exception {
        CompletableFuture<OptionalInt> nice = new CompletableFuture<>();
        assertThat(work.offer(() -> nice.complete(currentNice()))).isTrue();
        return nice.get(10, TimeUnit.SECONDS);
    }

    private static OptionalInt niceOfACall(BoundedWork work) throws Exception {
        CompletableFuture<OptionalInt> nice = new CompletableFuture<>();
        assertThat(work.offer(() -> {
            try {
                nice.complete(work.withinTimeLimit(BoundedWorkTest::currentNice));
            } catch (Exception e) {
                nice.completeExceptionally(e);
            }
        })).isTrue();
        return nice.get(10, TimeUnit.SECONDS);
    }

    /** The calling thread's nice value, field 19 of {@code /proc/thread-self/stat}. */
    private static OptionalInt currentNice() {
        try {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            // the fields after the command name, which is in parentheses and may hold spaces, start with field 3
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return OptionalInt.of(Integer.parseInt(fields[19 - 3]));
        } catch (IOException | RuntimeException e) {
            return OptionalInt.empty();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
