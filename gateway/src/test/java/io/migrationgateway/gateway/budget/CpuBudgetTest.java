package io.migrationgateway.gateway.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CpuBudgetTest {
    private static final long MS = 1_000_000;

    private final AtomicLong now = new AtomicLong(1_000 * MS);
    /** 0.1 CPU-second per second, 5 ms saved up at most. */
    private final CpuBudget budget = new CpuBudget(0.1, 5 * MS, now::get);

    @Test
    void startsWithItsBurstAndRefusesOnceItIsSpent() {
        assertThat(budget.allows()).isTrue();

        budget.charge(5 * MS);

        assertThat(budget.allows()).isFalse();
    }

    @Test
    void earnsItsShareOfTheElapsedTime() {
        budget.charge(25 * MS);

        now.addAndGet(199 * MS); // earned 19.9 ms of the 20 ms overspent
        assertThat(budget.allows()).isFalse();
        now.addAndGet(2 * MS);
        assertThat(budget.allows()).isTrue();
    }

    @Test
    void savesNoMoreThanItsBurstWhileIdle() {
        now.addAndGet(10_000 * MS); // earned 1 s of CPU while idle; 5 ms of it kept

        budget.charge(5 * MS);

        assertThat(budget.allows()).isFalse();
    }

    @Test
    void aCallIsChargedTheTimeItTookNotOnlyItsThreadsCpuTime() throws Exception {
        // a call that keeps another process busy for 7 ms while its own thread waits on a socket, spending no CPU time
        String answer = budget.callElapsed(() -> {
            now.addAndGet(7 * MS);
            return "answered";
        });
        budget.jobDone();

        assertThat(answer).isEqualTo("answered");
        assertThat(budget.allows()).as("7 ms charged against 5 ms saved up and 0.7 ms earned meanwhile").isFalse();
        assertThat(budget.reserve()).as("what the next job is expected to cost").isEqualTo(7 * MS);
    }

    @Test
    void aFailedCallIsChargedToo() {
        assertThatThrownBy(() -> budget.callElapsed(() -> {
            now.addAndGet(7 * MS);
            throw new java.io.IOException("connection reset");
        })).hasMessage("connection reset");

        assertThat(budget.allows()).isFalse();
    }

    @Test
    void aDebtBeyondOneSecondsEarningsIsForgiven() {
        budget.charge(10_000 * MS); // a call that waited ten seconds for a core on a saturated machine

        now.addAndGet(CpuBudget.DEBT_LIMIT_NANOS - MS);
        assertThat(budget.allows()).isFalse();
        now.addAndGet(2 * MS);
        assertThat(budget.allows()).as("earned back 100 ms, the most it may owe").isTrue();
    }

    @Test
    void queuedJobsAreNotForgivenWithTheDebt() {
        for (int i = 0; i < 200; i++) {
            budget.reserve(); // 200 jobs of 1 ms expected, queued
        }
        budget.charge(1_000 * MS);

        now.addAndGet(2 * CpuBudget.DEBT_LIMIT_NANOS);
        assertThat(budget.allows()).as("200 ms earned, 200 ms queued on top of what was spent").isFalse();
    }

    @Test
    void queuedJobsHoldWhatTheyAreExpectedToCostUntilTheyStart() {
        long first = budget.reserve();
        for (int i = 0; i < 4; i++) {
            budget.reserve();
        }
        assertThat(first).isEqualTo(CpuBudget.FIRST_JOB_ESTIMATE);
        assertThat(budget.allows()).as("5 jobs of 1 ms queued against 5 ms").isFalse();

        budget.release(first);      // it starts: charged what it spends from now on
        assertThat(budget.allows()).isTrue();
        budget.charge(3 * MS);
        budget.jobDone();
        assertThat(budget.reserve()).as("the average of the jobs that ran").isEqualTo(3 * MS);
    }

    @Test
    void aReservationGivenBackSavesNothingBeyondTheBurst() {
        now.addAndGet(10_000 * MS);
        long reservation = budget.reserve();
        budget.release(reservation);

        budget.charge(5 * MS);

        assertThat(budget.allows()).isFalse();
    }

    @Test
    void aShareOfOneIsUnlimited() {
        CpuBudget unlimited = CpuBudget.share(1, 2);
        unlimited.charge(Long.MAX_VALUE / 2);

        assertThat(unlimited.reserve()).isZero();

        assertThat(unlimited.allows()).isTrue();
        assertThat(CpuBudget.share(0.05, 2).allows()).isTrue();
    }
}
