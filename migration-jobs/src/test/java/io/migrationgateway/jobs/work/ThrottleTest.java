package io.migrationgateway.jobs.work;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThrottleTest {
    private long now;
    private final List<Duration> slept = new ArrayList<>();
    private final Throttle.Sleeper sleeper = d -> {
        slept.add(d);
        now += d.toNanos();
    };

    @Test
    void readsAreSpacedToTheMaximumRate() throws Exception {
        Throttle throttle = new Throttle(1000, 5, sleeper, () -> now);

        throttle.beforeRead(500);
        throttle.beforeRead(500);
        throttle.beforeRead(500);

        assertThat(slept).containsExactly(Duration.ofMillis(500), Duration.ofMillis(500));
    }

    @Test
    void noRateMeansNoWait() throws Exception {
        Throttle throttle = new Throttle(0, 5, sleeper, () -> now);

        throttle.beforeRead(1_000_000);
        throttle.beforeRead(1_000_000);

        assertThat(slept).isEmpty();
    }

    @Test
    void aReadMuchSlowerPerRowThanTheFastestPausesAsLongAsItTook() throws Exception {
        Throttle throttle = new Throttle(0, 5, sleeper, () -> now);

        throttle.afterRead(100, Duration.ofMillis(10));
        throttle.afterRead(200, Duration.ofMillis(80));
        throttle.afterRead(100, Duration.ofMillis(60));

        assertThat(slept).containsExactly(Duration.ofMillis(60));
        assertThat(throttle.pauses()).isEqualTo(1);
    }
}
