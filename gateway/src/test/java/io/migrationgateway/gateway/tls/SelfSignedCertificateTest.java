package io.migrationgateway.gateway.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SelfSignedCertificateTest {
    @TempDir
    Path dir;

    private static X509Certificate read(Path certificate) throws Exception {
        List<X509Certificate> certificates = PemSslContext.readCertificates(certificate);
        assertThat(certificates).hasSize(1);
        return certificates.getFirst();
    }

    @Test
    void generatesACertificateForLoopbackValidForOneYear() throws Exception {
        SelfSignedCertificate generated = SelfSignedCertificate.inDirectory(dir.resolve("tls"));

        X509Certificate certificate = read(generated.certificate());
        assertThat(certificate.getSubjectAlternativeNames())
                .containsExactlyInAnyOrder(List.of(7, "127.0.0.1"), List.of(2, "localhost"));
        assertThat(certificate.getNotAfter().toInstant())
                .isCloseTo(Instant.now().plus(365, ChronoUnit.DAYS), within(5, ChronoUnit.MINUTES))
                .isEqualTo(generated.notAfter());
        assertThat(certificate.getNotBefore().toInstant()).isBefore(Instant.now());
        certificate.verify(certificate.getPublicKey()); // self-signed: signed by its own key
        assertThat(PemSslContext.load(generated.certificate(), generated.privateKey())).isNotNull();
    }

    @Test
    void onlyTheOwnerMayReadTheKeyFile() throws Exception {
        SelfSignedCertificate generated = SelfSignedCertificate.inDirectory(dir);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(generated.privateKey()))).isEqualTo("rw-------");
        assertThat(Files.readString(generated.privateKey())).startsWith("-----BEGIN PRIVATE KEY-----");
    }

    @Test
    void anExistingPairIsReused() throws Exception {
        SelfSignedCertificate first = SelfSignedCertificate.inDirectory(dir);
        String certificate = Files.readString(first.certificate());
        String key = Files.readString(first.privateKey());

        SelfSignedCertificate second = SelfSignedCertificate.inDirectory(dir);

        assertThat(second).isEqualTo(first);
        assertThat(Files.readString(second.certificate())).isEqualTo(certificate);
        assertThat(Files.readString(second.privateKey())).isEqualTo(key);
    }

    @Test
    void aPairAboutToExpireIsReplaced() throws Exception {
        Instant aYearAgo = Instant.now().minus(SelfSignedCertificate.VALIDITY).plus(Duration.ofHours(12));
        SelfSignedCertificate old = SelfSignedCertificate.inDirectory(dir, Clock.fixed(aYearAgo, ZoneOffset.UTC));
        assertThat(old.notAfter()).isBefore(Instant.now().plus(SelfSignedCertificate.RENEW_BEFORE));

        SelfSignedCertificate renewed = SelfSignedCertificate.inDirectory(dir);

        assertThat(renewed.notAfter()).isAfter(Instant.now().plus(Duration.ofDays(364)));
        assertThat(read(renewed.certificate()).getNotAfter().toInstant()).isEqualTo(renewed.notAfter());
        assertThat(PemSslContext.load(renewed.certificate(), renewed.privateKey())).isNotNull();
    }

    @Test
    void aPairWithAMissingKeyOrADamagedCertificateIsReplaced() throws Exception {
        SelfSignedCertificate first = SelfSignedCertificate.inDirectory(dir);
        Files.delete(first.privateKey());

        SelfSignedCertificate withNewKey = SelfSignedCertificate.inDirectory(dir);
        assertThat(PemSslContext.load(withNewKey.certificate(), withNewKey.privateKey())).isNotNull();

        Files.writeString(withNewKey.certificate(), "not a certificate");
        SelfSignedCertificate withNewCertificate = SelfSignedCertificate.inDirectory(dir);
        assertThat(PemSslContext.load(withNewCertificate.certificate(), withNewCertificate.privateKey())).isNotNull();
    }
}
