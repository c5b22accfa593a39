package io.migrationgateway.gateway.shadow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SpareCpuTest {
    private static final long MS = 1_000_000;

    private final AtomicLong now = new AtomicLong(1_000 * MS);
    /** 2 % of 2 processors: 0.04 CPU-second per second, 0.5 ms saved up at most. */
    private final CpuBudget budget = new CpuBudget(0.04, MS / 2, now::get);
    private double load;
    private final SpareCpu spare = new SpareCpu(budget, 0.02, () -> load);

    @Test
    void theFullShareWhileTwiceItIsIdle() {
        assertThat(spare.fraction(0)).isEqualTo(1);
        assertThat(spare.fraction(0.5)).isEqualTo(1);
        assertThat(spare.fraction(0.96)).isCloseTo(1, within(1e-9));
    }

    @Test
    void lessAsTheIdleTimeShrinksDownToAFloor() {
        assertThat(spare.fraction(0.98)).isCloseTo(0.5, within(1e-9));
        assertThat(spare.fraction(0.99)).isCloseTo(0.25, within(1e-9));
        assertThat(spare.fraction(1)).isEqualTo(SpareCpu.FLOOR);
        assertThat(spare.fraction(1.2)).as("a load read a little over 1").isEqualTo(SpareCpu.FLOOR);
    }

    @Test
    void theFullShareWhenTheLoadIsUnknown() {
        assertThat(spare.fraction(-1)).isEqualTo(1);
        assertThat(spare.fraction(Double.NaN)).isEqualTo(1);
    }

    @Test
    void adjustingSetsTheBudgetsRateFromTheMachinesLoad() {
        load = 1;
        spare.adjust();
        budget.charge(3 * MS / 2);   // 1 ms more than the 0.5 ms saved up

        now.addAndGet(240 * MS);     // 0.004 CPU-s per s on a saturated machine: 0.96 ms of the 1 ms
        assertThat(budget.allows()).isFalse();
        now.addAndGet(20 * MS);
        assertThat(budget.allows()).isTrue();

        load = 0.3;
        spare.adjust();
        budget.charge(MS);           // 0.96 ms overspent
        now.addAndGet(22 * MS);      // the full 0.04 again: 0.88 ms
        assertThat(budget.allows()).isFalse();
        now.addAndGet(4 * MS);
        assertThat(budget.allows()).isTrue();
    }
}
