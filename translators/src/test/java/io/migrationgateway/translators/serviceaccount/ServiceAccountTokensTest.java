package io.migrationgateway.translators.serviceaccount;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.translators.serviceaccount.ServiceAccountTokens.Held;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTokens.Reconciliation;
import io.migrationgateway.translators.serviceaccount.ServiceAccountTokens.Wanted;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ServiceAccountTokensTest {
    private static final Instant NOW = Instant.parse("2024-05-06T07:08:09Z");
    private static final Duration SLACK = Duration.ofMinutes(1);

    private static Held held(String name, long id, Instant expires, boolean live) {
        return new Held(name, id, Optional.ofNullable(expires), Optional.of(NOW), "h" + id, live);
    }

    private static Wanted wanted(String name, Instant expires) {
        return new Wanted(name, Optional.ofNullable(expires));
    }

    @Test
    void aNewNameIsMadeAMissingOneRevokedAChangedExpiryRotatedTheRestKept() {
        Instant day = NOW.plus(Duration.ofDays(1));
        Reconciliation r = ServiceAccountTokens.reconcile(
                List.of(wanted("same", null), wanted("longer", day.plusSeconds(3600)), wanted("added", null), wanted("expiring", day)),
                List.of(held("same", 1, null, true), held("longer", 2, day, true), held("hand-made", 3, null, true),
                        held("expiring", 4, day.plusSeconds(30), true)), NOW, SLACK);

        assertThat(r.revoke()).extracting(Held::id).containsExactly(2L, 3L);
        assertThat(r.create()).extracting(Wanted::name).containsExactly("longer", "added");
        assertThat(r.keep()).extracting(Held::id).containsExactly(1L, 4L);
        assertThat(r.changes()).isTrue();
    }

    @Test
    void anExpiryAddedOrRemovedIsAChangeAndARevokedTokenStillWantedIsMadeAnew() {
        Reconciliation r = ServiceAccountTokens.reconcile(List.of(wanted("a", NOW.plusSeconds(7200)), wanted("b", null), wanted("c", null)),
                List.of(held("a", 1, null, true), held("b", 2, NOW.plusSeconds(7200), true), held("c", 3, null, false)), NOW, SLACK);

        assertThat(r.revoke()).extracting(Held::id).containsExactly(1L, 2L, 3L);
        assertThat(r.create()).extracting(Wanted::name).containsExactly("a", "b", "c");
    }

    @Test
    void anExpiredTokenStillWantedWithItsExpiryIsKeptAsItIs() {
        Reconciliation r = ServiceAccountTokens.reconcile(List.of(wanted("old", NOW.minusSeconds(10))),
                List.of(held("old", 1, NOW.minusSeconds(10), false)), NOW, SLACK);

        assertThat(r.changes()).isFalse();
    }

    @Test
    void tokensLookLikeGrafanasAndTheirHashIsGrafanasPbkdf2OfTheSecretSaltedWithTheChecksum() {
        String token = ServiceAccountTokens.newToken(new Random(1));

        assertThat(token).matches("glsa_[A-Za-z0-9]{32}_[0-9a-f]{8}");
        assertThat(ServiceAccountTokens.newToken(new Random(1))).isEqualTo(token);
        // the expected value from Python's hashlib.pbkdf2_hmac("sha256", b"abc", b"0011aabb", 10000, 50)
        assertThat(ServiceAccountTokens.hash("glsa_abc_0011aabb")).isEqualTo("359b129fd5ef47c0758cf1337ea36f836b5c2d747e2f0f7760994ec1352d30d8da8a6c00c78d36df51142c4a28c16e62201d");
    }

    @Test
    void theStatusCarriesASecretOnlyWhenAsked() {
        List<Held> tokens = List.of(held("a", 1, null, true));

        assertThat(ServiceAccountTokens.status(tokens, Map.of()).toString()).doesNotContain("secret");
        assertThat(ServiceAccountTokens.status(tokens, Map.of("a", "glsa_x")).at("/tokens/0/secret").asText()).isEqualTo("glsa_x");
        assertThat(ServiceAccountTokens.held(ServiceAccountTokens.status(tokens, Map.of()))).isEqualTo(tokens);
    }
}
