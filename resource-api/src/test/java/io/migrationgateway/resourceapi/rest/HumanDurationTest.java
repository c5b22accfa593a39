package io.migrationgateway.resourceapi.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class HumanDurationTest {
    @Test
    void printsAgesLikeKubectl() {
        assertThat(HumanDuration.format(Duration.ofSeconds(-5))).isEqualTo("<invalid>");
        assertThat(HumanDuration.format(Duration.ofMillis(-500))).isEqualTo("0s");
        assertThat(HumanDuration.format(Duration.ofSeconds(5))).isEqualTo("5s");
        assertThat(HumanDuration.format(Duration.ofSeconds(119))).isEqualTo("119s");
        assertThat(HumanDuration.format(Duration.ofSeconds(200))).isEqualTo("3m20s");
        assertThat(HumanDuration.format(Duration.ofMinutes(3))).isEqualTo("3m");
        assertThat(HumanDuration.format(Duration.ofMinutes(45))).isEqualTo("45m");
        assertThat(HumanDuration.format(Duration.ofMinutes(150))).isEqualTo("150m");
        assertThat(HumanDuration.format(Duration.ofMinutes(200))).isEqualTo("3h20m");
        assertThat(HumanDuration.format(Duration.ofMinutes(179))).isEqualTo("179m");
        assertThat(HumanDuration.format(Duration.ofMinutes(180))).isEqualTo("3h");
        assertThat(HumanDuration.format(Duration.ofHours(5))).isEqualTo("5h");
        assertThat(HumanDuration.format(Duration.ofHours(30))).isEqualTo("30h");
        assertThat(HumanDuration.format(Duration.ofDays(4))).isEqualTo("4d");
        assertThat(HumanDuration.format(Duration.ofHours(4 * 24 + 5))).isEqualTo("4d5h");
        assertThat(HumanDuration.format(Duration.ofDays(100))).isEqualTo("100d");
        assertThat(HumanDuration.format(Duration.ofDays(365 * 3 + 10))).isEqualTo("3y10d");
        assertThat(HumanDuration.format(Duration.ofDays(365 * 9))).isEqualTo("9y");
    }
}
