package io.migrationgateway.legacysim.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

class ServiceAccountTokenTest {

    @Test
    void aGeneratedTokenHasGrafanasFormAndChecksum() {
        String key = ServiceAccountToken.generate().clientSecret();

        assertThat(key).matches("glsa_[A-Za-z0-9]{32}_[0-9a-f]{8}");
        CRC32 crc = new CRC32();
        crc.update(key.substring(0, key.lastIndexOf('_')).getBytes(StandardCharsets.UTF_8));
        assertThat(key.substring(key.lastIndexOf('_') + 1)).isEqualTo("%08x".formatted(crc.getValue()));
    }

    @Test
    void parsingGivesBackTheSameTokenAndHash() {
        ServiceAccountToken token = ServiceAccountToken.generate();

        ServiceAccountToken parsed = ServiceAccountToken.parse(token.clientSecret()).orElseThrow();

        assertThat(parsed).isEqualTo(token);
        assertThat(parsed.hash()).isEqualTo(token.hash());
    }

    @Test
    void theHashIsThePasswordHashOfTheSecretSaltedWithTheChecksum() {
        ServiceAccountToken token = ServiceAccountToken.parse("glsa_secretpart_0badc0de").orElseThrow();

        assertThat(token.hash()).isEqualTo(Passwords.hash("secretpart", "0badc0de")).hasSize(100).doesNotContain("secretpart");
    }

    @Test
    void theChecksumFollowsTheLastUnderscoreSoMadeUpSecretsMayHoldUnderscores() {
        assertThat(ServiceAccountToken.parse("glsa_a_b_c")).contains(new ServiceAccountToken("a_b", "c"));
        assertThat(ServiceAccountToken.parse("glsa_translators_test_token_0123456789_abcdef01"))
                .contains(new ServiceAccountToken("translators_test_token_0123456789", "abcdef01"));
    }

    @Test
    void tokensWithoutASecretAndAChecksumOrTheGlsaPrefixAreNotTokens() {
        assertThat(ServiceAccountToken.parse("glsa_onlytwo")).isEmpty();
        assertThat(ServiceAccountToken.parse("glsa_secret_")).isEmpty();
        assertThat(ServiceAccountToken.parse("glsa__0badc0de")).isEmpty();
        assertThat(ServiceAccountToken.parse("eyJrIjoiT0tTcG1pUlY2RnVKZTFVaDFsNFZXdE9ZWmNrMkZYbk")).isEmpty();
    }

    @Test
    void toStringNeverShowsTheSecret() {
        ServiceAccountToken token = ServiceAccountToken.generate();

        assertThat(token.toString()).doesNotContain(token.secret());
    }
}
