package io.migrationgateway.gateway.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.gateway.config.ConfigException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.interfaces.ECPrivateKey;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Date;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.sec.SECObjectIdentifiers;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x9.X962Parameters;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaMiscPEMGenerator;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcePEMEncryptorBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.util.io.pem.PemObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The PEM formats operators bring (openssl, cert-manager, Let's Encrypt), and each way a file can be wrong. */
class PemSslContextTest {
    @TempDir
    Path dir;

    private static String pem(Object object) throws Exception {
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(object);
        }
        return out.toString();
    }

    private static PrivateKey readKey(Path file) throws Exception {
        try (PEMParser parser = new PEMParser(Files.newBufferedReader(file))) {
            return new JcaPEMKeyConverter().getPrivateKey((PrivateKeyInfo) parser.readObject());
        }
    }

    private static ConfigException refusal(Path certificate, Path key) {
        return org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class, () -> PemSslContext.load(certificate, key));
    }

    private Path write(String name, String content) throws Exception {
        return Files.writeString(dir.resolve(name), content);
    }

    @Test
    void loadsAPkcs8Key() {
        SelfSignedCertificate pair = SelfSignedCertificate.inDirectory(dir);

        assertThat(PemSslContext.load(pair.certificate(), pair.privateKey()).getProtocol()).isEqualTo("TLS");
    }

    @Test
    void loadsASec1EcKeyEvenWithoutItsPublicPart() throws Exception {
        SelfSignedCertificate pair = SelfSignedCertificate.inDirectory(dir);
        ECPrivateKey key = (ECPrivateKey) readKey(pair.privateKey());
        // as openssl writes it with -no_public: curve named, private scalar only
        byte[] sec1 = new org.bouncycastle.asn1.sec.ECPrivateKey(256, key.getS(), new X962Parameters(SECObjectIdentifiers.secp256r1))
                .getEncoded();
        Path file = write("ec.key", pem(new PemObject("EC PRIVATE KEY", sec1)));

        assertThat(PemSslContext.load(pair.certificate(), file)).isNotNull();
    }

    @Test
    void loadsAPkcs1RsaKeyAndItsCertificateChain() throws Exception {
        KeyPair authority = rsa();
        KeyPair server = rsa();
        Path pkcs1 = write("rsa.key", pem(server.getPrivate()));
        assertThat(Files.readString(pkcs1)).startsWith("-----BEGIN RSA PRIVATE KEY-----");
        Path chain = write("chain.pem", pem(certificate("CN=server", server, "CN=authority", authority))
                + pem(certificate("CN=authority", authority, "CN=authority", authority)));

        assertThat(PemSslContext.load(chain, pkcs1)).isNotNull();
    }

    @Test
    void certificatesThatAreNoChainNameTlsCert() throws Exception {
        KeyPair server = rsa();
        SelfSignedCertificate unrelated = SelfSignedCertificate.inDirectory(dir.resolve("unrelated"));
        Path chain = write("chain.pem", pem(certificate("CN=server", server, "CN=server", server))
                + Files.readString(unrelated.certificate()));

        ConfigException e = refusal(chain, write("rsa.key", pem(server.getPrivate())));

        assertThat(e.key()).isEqualTo("server.tls-cert");
        assertThat(e.getMessage()).contains("do not form a chain");
    }

    @Test
    void aCertificateFileWithoutACertificateNamesTlsCert() throws Exception {
        SelfSignedCertificate pair = SelfSignedCertificate.inDirectory(dir);

        ConfigException e = refusal(pair.privateKey(), pair.privateKey());

        assertThat(e.key()).isEqualTo("server.tls-cert");
        assertThat(e.getMessage()).contains("no PEM certificate");
    }

    @Test
    void aKeyFileWithoutAKeyNamesTlsKey() throws Exception {
        SelfSignedCertificate pair = SelfSignedCertificate.inDirectory(dir);

        assertThat(refusal(pair.certificate(), pair.certificate()).key()).isEqualTo("server.tls-key");
        assertThat(refusal(pair.certificate(), write("garbage.key", "hello")).getMessage()).contains("no PEM private key");
    }

    @Test
    void aKeyOfAnotherCertificateIsRefused() {
        SelfSignedCertificate one = SelfSignedCertificate.inDirectory(dir.resolve("one"));
        SelfSignedCertificate two = SelfSignedCertificate.inDirectory(dir.resolve("two"));

        ConfigException e = refusal(one.certificate(), two.privateKey());

        assertThat(e.key()).isEqualTo("server.tls-key");
        assertThat(e.getMessage()).contains("does not belong to the certificate");
    }

    @Test
    void anEncryptedKeyIsRefusedSayingSo() throws Exception {
        SelfSignedCertificate pair = SelfSignedCertificate.inDirectory(dir);
        PrivateKey key = readKey(pair.privateKey());
        StringWriter out = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
            writer.writeObject(new JcaMiscPEMGenerator(key, new JcePEMEncryptorBuilder("AES-128-CBC")
                    .setProvider(new BouncyCastleProvider()).build("pw".toCharArray())));
        }
        Path encrypted = write("encrypted.key", out.toString());

        ConfigException e = refusal(pair.certificate(), encrypted);

        assertThat(e.key()).isEqualTo("server.tls-key");
        assertThat(e.getMessage()).contains("encrypted");
    }

    @Test
    void anUnreadableCertificateNamesTlsCert() {
        assertThatThrownBy(() -> PemSslContext.load(dir.resolve("missing.pem"), dir.resolve("missing.key")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("server.tls-cert:");
    }

    private static KeyPair rsa() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return generator.generateKeyPair();
    }

    private static Object certificate(String subject, KeyPair subjectKeys, String issuer, KeyPair issuerKeys) throws Exception {
        Instant now = Instant.now();
        return new JcaX509v3CertificateBuilder(new X500Name(issuer), BigInteger.valueOf(now.toEpochMilli()),
                Date.from(now.minus(1, ChronoUnit.HOURS)), Date.from(now.plus(1, ChronoUnit.DAYS)), new X500Name(subject),
                subjectKeys.getPublic())
                .build(new JcaContentSignerBuilder("SHA256withRSA").build(issuerKeys.getPrivate()));
    }
}
