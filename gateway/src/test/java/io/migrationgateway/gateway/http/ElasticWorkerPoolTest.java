package io.migrationgateway.gateway.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The pool's sizing rule, with tasks that stand for requests blocked on a remote database and a CPU reading the
 * test sets. Waits are tens of milliseconds, far above the pool's 1 ms notion of waiting, so that a slow machine
 * cannot turn one case into the other.
 */
class ElasticWorkerPoolTest {
    private static final Duration TICK = Duration.ofMillis(10);
    private static final Duration SHRINK_AFTER = Duration.ofMillis(100);

    /** The CPU reading the pool sees. */
    private volatile double cpu = 0.2;

    private ElasticWorkerPool pool(int core, int max) {
        return new ElasticWorkerPool("test", core, max, TICK, SHRINK_AFTER, () -> cpu);
    }

    @Test
    void readsTheCpuOnlyWhenItHasSomethingToDecide() throws InterruptedException {
        AtomicInteger readings = new AtomicInteger();
        try (ElasticWorkerPool pool = new ElasticWorkerPool("test", 2, 16, TICK, SHRINK_AFTER, () -> {
            readings.incrementAndGet();
            return cpu;
        })) {
            CountDownLatch quick = new CountDownLatch(20);
            for (int i = 0; i < 20; i++) {
                pool.execute(quick::countDown);
            }
            assertThat(quick.await(10, TimeUnit.SECONDS)).isTrue();
            // the first tasks may have waited for the threads to start, and the pool grown at the next tick: back at
            // its core first
            sleep(50);
            waitUntil(() -> pool.size() == 2);
            sleep(20);
            readings.set(0);
            sleep(200); // 20 ticks at the core size with nothing waiting
            assertThat(readings.get()).as("CPU readings of an idle pool at its core size").isZero();

            CountDownLatch release = new CountDownLatch(1);
            submitBlocked(pool, 8, release);
            waitUntil(() -> pool.size() > 2);
            assertThat(readings.get()).as("requests waited: the CPU decides whether to grow").isPositive();
            release.countDown();
        }
    }

    @Test
    void growsWhileRequestsWaitAndTheCpuHasRoomAndRunsEveryOne() throws InterruptedException {
        try (ElasticWorkerPool pool = pool(2, 16)) {
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch done = submitBlocked(pool, 64, release);
            waitUntil(() -> pool.size() == 16 && pool.queued() == 48);
            sleep(100); // 10 more ticks with requests waiting
            assertThat(pool.size()).isEqualTo(16); // never beyond the maximum, with 48 requests still waiting
            assertThat(pool.queued()).isEqualTo(48);
            release.countDown();
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void keepsItsCoreWhileTheCpuIsSaturatedHoweverLongRequestsWait() throws InterruptedException {
        cpu = 0.95;
        try (ElasticWorkerPool pool = pool(2, 16)) {
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch done = submitBlocked(pool, 20, release);
            sleep(300); // 30 ticks
            assertThat(pool.size()).isEqualTo(2);
            assertThat(pool.queued()).isEqualTo(18);
            release.countDown();
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void shrinksToItsCoreAsSoonAsTheCpuSaturates() throws InterruptedException {
        try (ElasticWorkerPool pool = pool(2, 16)) {
            CountDownLatch release = new CountDownLatch(1);
            submitBlocked(pool, 64, release);
            waitUntil(() -> pool.size() == 16);
            cpu = 1.0;
            // steps of 1, 2, 4, 8 threads, one a tick: well under the shrink delay of a pool whose requests wait
            waitUntil(() -> pool.size() == 2);
            assertThat(pool.size()).isEqualTo(2);
            release.countDown();
        }
    }

    @Test
    void shrinksBackToItsCoreOnceNoRequestWaits() throws InterruptedException {
        try (ElasticWorkerPool pool = pool(2, 16)) {
            CountDownLatch release = new CountDownLatch(1);
            submitBlocked(pool, 64, release);
            waitUntil(() -> pool.size() == 16);
            release.countDown();
            waitUntil(() -> pool.queued() == 0);
            sleep(SHRINK_AFTER.toMillis() / 2);
            assertThat(pool.size()).as("no shrink before the shrink delay").isEqualTo(16);
            waitUntil(() -> pool.size() == 2);
            assertThat(pool.size()).isEqualTo(2);
        }
    }

    @Test
    void anUnknownCpuReadingCountsAsRoomToGrow() throws InterruptedException {
        cpu = Double.NaN;
        try (ElasticWorkerPool pool = pool(1, 4)) {
            CountDownLatch release = new CountDownLatch(1);
            submitBlocked(pool, 8, release);
            waitUntil(() -> pool.size() == 4);
            assertThat(pool.size()).isEqualTo(4);
            release.countDown();
        }
    }

    @Test
    void aFailingCpuReadingDoesNotStopTheSizing() throws InterruptedException {
        AtomicInteger readings = new AtomicInteger();
        try (ElasticWorkerPool pool = new ElasticWorkerPool("test", 1, 4, TICK, SHRINK_AFTER, () -> {
            if (readings.incrementAndGet() <= 3) {
                throw new IllegalStateException("no /proc here");
            }
            return 0.2;
        })) {
            CountDownLatch release = new CountDownLatch(1);
            submitBlocked(pool, 8, release);
            waitUntil(() -> pool.size() == 4);
            assertThat(pool.size()).isEqualTo(4);
            assertThat(readings.get()).isGreaterThan(3);
            release.countDown();
        }
    }

    @Test
    void refusesACoreBiggerThanTheMaximumOrNone() {
        assertThatThrownBy(() -> pool(5, 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("coreThreads <= maxThreads");
        assertThatThrownBy(() -> pool(0, 4)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void closeRunsWhatIsQueued() {
        AtomicInteger ran = new AtomicInteger();
        ElasticWorkerPool pool = pool(1, 1);
        for (int i = 0; i < 50; i++) {
            pool.execute(() -> {
                sleep(1);
                ran.incrementAndGet();
            });
        }
        pool.close(Duration.ofSeconds(10));
        assertThat(ran).hasValue(50);
    }

    /** {@code count} requests that block until {@code release}; the latch counts them done. */
    private static CountDownLatch submitBlocked(ElasticWorkerPool pool, int count, CountDownLatch release) {
        CountDownLatch done = new CountDownLatch(count);
        for (int i = 0; i < count; i++) {
            pool.execute(() -> {
                await(release);
                done.countDown();
            });
        }
        return done;
    }

    /** Polls {@code condition} for up to 10 s; the caller asserts the outcome. */
    private static void waitUntil(BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            sleep(5);
        }
    }

    private static void sleep(long millis) {
        LockSupport.parkNanos(Duration.ofMillis(millis).toNanos());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
