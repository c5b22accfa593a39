package io.migrationgateway.gateway.shadow;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NoiseThresholdsTest {
    private static final NoiseThresholds DIFFY = new NoiseThresholds(0.2, 0.0003);

    @Test
    void aPathThatDiffersOnlyBetweenTheSidesIsAMismatch() {
        assertThat(DIFFY.isMismatch(100, 100, 0, 10)).isTrue();
        assertThat(DIFFY.isMismatch(1, 1, 0, 0)).as("no noise measured yet").isTrue();
    }

    @Test
    void aPathThatDiffersAsOftenWithinTheAuthoritativeSideIsNoise() {
        assertThat(DIFFY.isMismatch(100, 100, 10, 10)).isFalse();
        assertThat(DIFFY.isMismatch(90, 100, 9, 10)).isFalse();
    }

    @Test
    void bothThresholdsMustBeExceeded() {
        // 100 % raw against 85 % noise: 15 % above it, under the relative threshold of 20 %
        assertThat(DIFFY.isMismatch(100, 100, 85, 100)).isFalse();
        // 100 % against 70 %: 30 % above, over it
        assertThat(DIFFY.isMismatch(100, 100, 70, 100)).isTrue();
        // 2 differences in 10,000 reads with no noise: 0.02 %, under the absolute threshold of 0.03 %
        assertThat(DIFFY.isMismatch(2, 10_000, 0, 1_000)).isFalse();
        assertThat(DIFFY.isMismatch(4, 10_000, 0, 1_000)).isTrue();
    }
}
