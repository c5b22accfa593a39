package io.migrationgateway.gateway.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.gateway.admin.ConsoleCsrfTokens.Check;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleCsrfTokensTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private final ConsoleCsrfTokens tokens = new ConsoleCsrfTokens(new SecureRandom());

    @Test
    void aTokenIsValidUntilItsExpiryAndExpiredFromThen() {
        String token = tokens.issue(NOW.plusSeconds(600));

        assertThat(tokens.check(token, NOW)).isEqualTo(Check.VALID);
        assertThat(tokens.check(token, NOW.plusSeconds(599))).isEqualTo(Check.VALID);
        assertThat(tokens.check(token, NOW.plusSeconds(600))).isEqualTo(Check.EXPIRED);
    }

    @Test
    void eachPageGetsItsOwnUnguessableTokenAndOthersAreUnknown() {
        String first = tokens.issue(NOW.plusSeconds(60));
        String second = tokens.issue(NOW.plusSeconds(60));

        assertThat(first).isNotEqualTo(second).hasSize(43); // 256 random bits, base64url
        assertThat(tokens.check(first, NOW)).isEqualTo(Check.VALID);
        assertThat(tokens.check(second, NOW)).isEqualTo(Check.VALID);
        assertThat(tokens.check(first.substring(1), NOW)).isEqualTo(Check.UNKNOWN);
        assertThat(tokens.check("", NOW)).isEqualTo(Check.UNKNOWN);
        assertThat(new ConsoleCsrfTokens(new SecureRandom()).check(first, NOW)).as("another session's").isEqualTo(Check.UNKNOWN);
    }

    @Test
    void onlyTheNewestTokensAreKept() {
        List<String> issued = new ArrayList<>();
        for (int i = 0; i <= ConsoleCsrfTokens.KEPT; i++) {
            issued.add(tokens.issue(NOW.plusSeconds(60)));
        }

        assertThat(tokens.check(issued.get(0), NOW)).isEqualTo(Check.UNKNOWN);
        assertThat(issued.subList(1, issued.size())).allSatisfy(token -> assertThat(tokens.check(token, NOW)).isEqualTo(Check.VALID));
    }
}
