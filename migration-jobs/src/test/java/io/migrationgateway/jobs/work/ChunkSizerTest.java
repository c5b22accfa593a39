package io.migrationgateway.jobs.work;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ChunkSizerTest {
    @Test
    void fastChunksGrowAtMostTwofoldAndSlowOnesShrinkAtMostByHalfTowardTheTarget() {
        ChunkSizer sizer = new ChunkSizer(Duration.ofMillis(500), 100, 1000);

        assertThat(sizer.observe(100, Duration.ofMillis(10))).isEqualTo(200);
        assertThat(sizer.observe(200, Duration.ofMillis(400))).isEqualTo(250);
        assertThat(sizer.observe(250, Duration.ofSeconds(5))).isEqualTo(125);
        assertThat(sizer.observe(125, Duration.ofMillis(500))).isEqualTo(125);
    }

    @Test
    void theSizeStaysWithinItsBoundsAndAShortLastChunkChangesNothing() {
        ChunkSizer sizer = new ChunkSizer(Duration.ofMillis(500), 800, 1000);

        assertThat(sizer.observe(800, Duration.ofMillis(1))).isEqualTo(1000);
        assertThat(sizer.observe(10, Duration.ofSeconds(9))).isEqualTo(1000);
        ChunkSizer tiny = new ChunkSizer(Duration.ofMillis(500), 1, 10);
        assertThat(tiny.observe(1, Duration.ofSeconds(10))).isEqualTo(1);
    }

    @Test
    void bigRowsKeepAChunkWithinTheByteBudgetWhateverTheTimeSays() {
        ChunkSizer sizer = new ChunkSizer(Duration.ofMillis(500), 500, 10_000, 8_000_000);

        assertThat(sizer.observe(500, 500 * 16_000L, Duration.ofMillis(10))).isEqualTo(500);
        assertThat(sizer.observe(500, 500 * 1_000L, Duration.ofMillis(10))).isEqualTo(1000);
        assertThat(sizer.observe(1000, 1000 * 100_000L, Duration.ofMillis(500))).isEqualTo(80);
        assertThat(sizer.observe(80, 80 * 10_000_000L, Duration.ofMillis(500))).isEqualTo(1);
    }
}
