package io.migrationgateway.translators.legacy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LegacyTimeTest {
    @Test
    void readsWhatItWritesForAnyInstantOfGosRange() {
        SplittableRandom random = new SplittableRandom(26);
        long first = Instant.parse("0001-01-01T00:00:01Z").getEpochSecond();
        long last = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
        for (int i = 0; i < 10_000; i++) {
            Instant instant = Instant.ofEpochSecond(random.nextLong(first, last + 1), random.nextInt(1_000_000_000));
            String text = LegacyTime.format(instant);
            assertEquals(Optional.of(instant.truncatedTo(ChronoUnit.SECONDS)), LegacyTime.parse(text), text);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-11-26T15:04:05Z", "2024-02-29T23:59:59Z", "2026-11-26T15:04:05.123456789Z",
            "2026-11-26T17:04:05+02:00", "2026-11-26T15:04:05.5-07:30"})
    void readsRfc3339AsTheIsoParserDoes(String text) {
        assertEquals(Optional.of(OffsetDateTime.parse(text).toInstant()), LegacyTime.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", LegacyTime.ZERO, "2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z", "2026-13-01T00:00:00Z",
            "2026-11-26T24:00:00Z", "2026-11-26T15:60:00Z", "2026-11-26T15:04:60Z", "2026-11-26T15:04:05X", "2026-11-26 15:04:05Z",
            "2026-11-2615:04:05Z1", "20261126T150405Z", "2026-1a-26T15:04:05Z", "yesterday"})
    void readsNoTimeFromZeroBlankOrInvalidText(String text) {
        assertEquals(Optional.empty(), LegacyTime.parse(text));
    }
}
