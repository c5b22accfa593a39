package io.migrationgateway.gateway.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * The pool's sizing rule, with tasks that stand for requests: blocking ones (a remote database's round trip) and
 * quick ones. Margins are wide (tens of milliseconds) so that a slow machine cannot turn one case into the other.
 */
class ElasticWorkerPoolTest {
    private static final Duration GROW_AFTER = Duration.ofMillis(20);

    @Test
    void growsWhileBlockingRequestsWaitAndRunsEveryOne() throws InterruptedException {
        // 2 threads, tasks of 10 ms arriving every millisecond: about 10 threads are needed
        try (ElasticWorkerPool pool = new ElasticWorkerPool("test", 2, 16, GROW_AFTER, Duration.ofMinutes(1))) {
            int tasks = 600;
            CountDownLatch done = new CountDownLatch(tasks);
            for (int i = 0; i < tasks; i++) {
                pool.execute(() -> {
                    sleep(10);
                    done.countDown();
                });
                sleep(1);
            }
            assertThat(pool.size()).isGreaterThan(4).isLessThanOrEqualTo(16);
            assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void neverGrowsBeyondTheMaximum() throws InterruptedException {
        try (ElasticWorkerPool pool = new ElasticWorkerPool("test", 1, 3, GROW_AFTER, Duration.ofMinutes(1))) {
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger started = new AtomicInteger();
            long until = System.nanoTime() + Duration.ofMillis(500).toNanos();
            while (System.nanoTime() < until) {
                pool.execute(() -> {
                    started.incrementAndGet();
                    await(release);
                });
                sleep(1);
            }
            assertThat(pool.size()).isEqualTo(3);
            assertThat(started).hasValue(3);
            release.countDown();
        }
    }

    @Test
    void keepsItsCoreThreadsWhileTheyKeepUp() throws InterruptedException {
        try (ElasticWorkerPool pool = new ElasticWorkerPool("test", 2, 16, GROW_AFTER, Duration.ofMinutes(1))) {
            int tasks = 2_000;
            CountDownLatch done = new CountDownLatch(tasks);
            for (int i = 0; i < tasks; i++) {
                pool.execute(done::countDown);
                if (i % 10 == 0) {
                    sleep(1);
                }
            }
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(pool.size()).isEqualTo(2);
        }
    }

    @Test
    void aPauseShorterThanTheGrowthDelayAddsNoThread() throws InterruptedException {
        // every thread stalls for 120 ms once (a long GC pause); the backlog clears at once afterwards, so requests
        // wait over the 100 ms growth delay for about 20 ms only, not the further 100 ms a shortage must last
        Duration growAfter = Duration.ofMillis(100);
        try (ElasticWorkerPool pool = new ElasticWorkerPool("test", 2, 16, growAfter, Duration.ofMinutes(1))) {
            for (int i = 0; i < 2; i++) {
                pool.execute(() -> sleep(120));
            }
            long until = System.nanoTime() + Duration.ofMillis(400).toNanos();
            while (System.nanoTime() < until) {
                pool.execute(() -> { });
                sleep(1);
            }
            assertThat(pool.size()).isEqualTo(2);
        }
    }

    @Test
    void shrinksBackToItsCoreOnceNothingWaits() throws InterruptedException {
        Duration shrinkAfter = Duration.ofMillis(100);
        try (ElasticWorkerPool pool = new ElasticWorkerPool("test", 1, 8, GROW_AFTER, shrinkAfter)) {
            List<CountDownLatch> releases = new ArrayList<>();
            long until = System.nanoTime() + Duration.ofMillis(400).toNanos();
            while (System.nanoTime() < until) {
                CountDownLatch release = new CountDownLatch(1);
                releases.add(release);
                pool.execute(() -> await(release));
                sleep(2);
            }
            int grown = pool.size();
            assertThat(grown).isGreaterThan(2);
            releases.forEach(CountDownLatch::countDown);
            // quick requests keep coming; every shrinkAfter the pool gives a thread back
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (pool.size() > 1 && System.nanoTime() < deadline) {
                pool.execute(() -> { });
                sleep(5);
            }
            assertThat(pool.size()).isEqualTo(1);
        }
    }

    @Test
    void theFirstRequestAfterAnIdleSpellFindsThePoolBackAtItsCore() throws InterruptedException {
        Duration shrinkAfter = Duration.ofMillis(50);
        try (ElasticWorkerPool pool = new ElasticWorkerPool("test", 2, 32, GROW_AFTER, shrinkAfter)) {
            CountDownLatch release = new CountDownLatch(1);
            long until = System.nanoTime() + Duration.ofMillis(400).toNanos();
            while (System.nanoTime() < until) {
                pool.execute(() -> await(release));
                sleep(1);
            }
            assertThat(pool.size()).isGreaterThan(8);
            release.countDown();
            sleep(2_000); // 40 shrink intervals without a request: 1 + 2 + 4 + 8 + 16 threads could go
            pool.execute(() -> { });
            assertThat(pool.size()).isEqualTo(2);
        }
    }

    @Test
    void refusesACoreBiggerThanTheMaximum() {
        assertThatThrownBy(() -> new ElasticWorkerPool("test", 5, 4, GROW_AFTER, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("coreThreads <= maxThreads");
        assertThatThrownBy(() -> new ElasticWorkerPool("test", 0, 4, GROW_AFTER, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void closeRunsWhatIsQueued() throws InterruptedException {
        AtomicInteger ran = new AtomicInteger();
        ElasticWorkerPool pool = new ElasticWorkerPool("test", 1, 1, GROW_AFTER, Duration.ofSeconds(1));
        for (int i = 0; i < 50; i++) {
            pool.execute(() -> {
                sleep(1);
                ran.incrementAndGet();
            });
        }
        pool.close(Duration.ofSeconds(10));
        assertThat(ran).hasValue(50);
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
