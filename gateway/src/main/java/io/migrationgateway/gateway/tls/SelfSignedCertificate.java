package io.migrationgateway.gateway.tls;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A self-signed server certificate for loopback use (the demo's https port, tests): EC P-256, valid one
 * year, for {@code IP:127.0.0.1} and {@code DNS:localhost}, kept as two PEM files in a directory
 * ({@value #CERTIFICATE_FILE}, and {@value #KEY_FILE} with mode 600). An existing pair is reused until it
 * is about to expire, so clients that pinned it keep working across restarts.
 *
 * @param certificate the PEM certificate file
 * @param privateKey  the PEM (PKCS#8) private key file
 * @param notAfter    when the certificate expires
 */
public record SelfSignedCertificate(Path certificate, Path privateKey, Instant notAfter) {
    public static final String CERTIFICATE_FILE = "tls-cert.pem";
    public static final String KEY_FILE = "tls-key.pem";
    static final Duration VALIDITY = Duration.ofDays(365);
    /** A certificate this close to expiry is replaced, so that a run started now does not stop working midway. */
    static final Duration RENEW_BEFORE = Duration.ofDays(1);
    /** Accepts clients whose clock is a little behind ours. */
    private static final Duration BACKDATE = Duration.ofHours(1);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** The certificate in {@code directory}, generated (with the directory) when missing, unreadable or expiring. */
    public static SelfSignedCertificate inDirectory(Path directory) {
        return inDirectory(directory, Clock.systemUTC());
    }

    static SelfSignedCertificate inDirectory(Path directory, Clock clock) {
        Path certificate = directory.resolve(CERTIFICATE_FILE);
        Path key = directory.resolve(KEY_FILE);
        Instant now = clock.instant();
        if (Files.isRegularFile(key)) {
            try {
                List<X509Certificate> existing = PemSslContext.readCertificates(certificate);
                if (existing.size() == 1 && existing.getFirst().getNotAfter().toInstant().isAfter(now.plus(RENEW_BEFORE))) {
                    return new SelfSignedCertificate(certificate, key, existing.getFirst().getNotAfter().toInstant());
                }
            } catch (IOException | GeneralSecurityException unreadable) {
                // our own file, damaged or replaced by hand: generate a new pair below
            }
        }
        try {
            return generate(certificate, key, now);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a self-signed certificate into " + directory, e);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("EC P-256 with SHA-256 is part of every JDK", e);
        }
    }

    private static SelfSignedCertificate generate(Path certificateFile, Path keyFile, Instant now)
            throws IOException, GeneralSecurityException, OperatorCreationException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair pair = generator.generateKeyPair();
        X500Name name = new X500Name("CN=migration-gateway self-signed");
        Instant notAfter = now.plus(VALIDITY);
        JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, new BigInteger(63, RANDOM).add(BigInteger.ONE),
                Date.from(now.minus(BACKDATE)), Date.from(notAfter), name, pair.getPublic());
        addExtensions(builder);
        X509Certificate certificate = new JcaX509CertificateConverter()
                .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));

        Files.createDirectories(keyFile.getParent());
        Files.deleteIfExists(keyFile); // recreated below with mode 600 before the key is written into it
        createPrivateFile(keyFile);
        try (Writer out = Files.newBufferedWriter(keyFile, StandardCharsets.US_ASCII); JcaPEMWriter pem = new JcaPEMWriter(out)) {
            pem.writeObject(new JcaPKCS8Generator(pair.getPrivate(), null));
        }
        try (Writer out = Files.newBufferedWriter(certificateFile, StandardCharsets.US_ASCII); JcaPEMWriter pem = new JcaPEMWriter(out)) {
            pem.writeObject(certificate);
        }
        return new SelfSignedCertificate(certificateFile, keyFile, certificate.getNotAfter().toInstant());
    }

    private static void addExtensions(JcaX509v3CertificateBuilder builder) throws CertIOException {
        builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
                new GeneralName(GeneralName.dNSName, "localhost")}));
        builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
    }

    private static void createPrivateFile(Path file) throws IOException {
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            Files.createFile(file); // Windows: the file inherits the directory's ACL
        }
    }
}
