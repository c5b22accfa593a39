package io.migrationgateway.gateway.shadow;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
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

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
