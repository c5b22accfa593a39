package io.migrationgateway.model.go;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class GoIntegersTest {
    @Test
    void readsWhatStrconvParseIntReadsAndNothingElse() {
        assertThat(GoIntegers.parse("42", 64)).contains(42L);
        assertThat(GoIntegers.parse("+42", 64)).contains(42L);
        assertThat(GoIntegers.parse("-9223372036854775808", 64)).contains(Long.MIN_VALUE);
        for (String refused : new String[] {"", " 2", "2 ", "2\t", "٢", "0x10", "1e3", "9223372036854775808", "-"}) {
            assertThat(GoIntegers.parse(refused, 64)).as("'%s'", refused).isEqualTo(Optional.empty());
        }
        assertThat(GoIntegers.parse(null, 64)).isEmpty();
    }

    @Test
    void aNarrowerSizeRefusesWhatDoesNotFitIt() {
        assertThat(GoIntegers.parse("2147483647", 32)).contains(2147483647L);
        assertThat(GoIntegers.parse("2147483648", 32)).isEmpty();
        assertThat(GoIntegers.parse("-2147483648", 32)).contains(-2147483648L);
        assertThat(GoIntegers.parse("-2147483649", 32)).isEmpty();
    }

    @Test
    void ignoringTheErrorGivesZeroOrTheNearestBound() {
        assertThat(GoIntegers.parseIgnoringError("two", 32)).isZero();
        assertThat(GoIntegers.parseIgnoringError(" 2", 32)).isZero();
        assertThat(GoIntegers.parseIgnoringError("7", 32)).isEqualTo(7);
        assertThat(GoIntegers.parseIgnoringError("99999999999", 32)).isEqualTo(Integer.MAX_VALUE);
        assertThat(GoIntegers.parseIgnoringError("-99999999999", 32)).isEqualTo(Integer.MIN_VALUE);
        assertThat(GoIntegers.parseIgnoringError("99999999999999999999", 64)).isEqualTo(Long.MAX_VALUE);
        assertThat(GoIntegers.parseIgnoringError("-99999999999999999999", 64)).isEqualTo(Long.MIN_VALUE);
    }
}
