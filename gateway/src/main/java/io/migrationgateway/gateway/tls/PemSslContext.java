package io.migrationgateway.gateway.tls;

import io.migrationgateway.gateway.config.ConfigException;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;

/**
 * A server {@link SSLContext} from the PEM files operators already have (what nginx or Grafana take), since
 * the JDK reads keys only from key stores. Every problem is a {@link ConfigException} naming
 * {@code server.tls-cert} or {@code server.tls-key}, so a bad file stops startup with exit code 2.
 */
public final class PemSslContext {
    // The key store lives only in memory for the KeyManagerFactory; the password protects nothing.
    private static final char[] IN_MEMORY_PASSWORD = "in-memory".toCharArray();

    private PemSslContext() {
    }

    /**
     * Loads a certificate chain (server certificate first) and its private key.
     *
     * @throws ConfigException when a file is unreadable, holds no certificate or key, holds an encrypted key,
     *                         the key does not belong to the first certificate, or the certificates are no chain
     */
    public static SSLContext load(Path certificateChain, Path privateKey) {
        List<X509Certificate> chain;
        try {
            chain = readCertificates(certificateChain);
        } catch (IOException | GeneralSecurityException e) {
            throw new ConfigException("server.tls-cert", "cannot read a PEM certificate from " + certificateChain + ": " + e.getMessage());
        }
        if (chain.isEmpty()) {
            throw new ConfigException("server.tls-cert", "no PEM certificate (-----BEGIN CERTIFICATE-----) in " + certificateChain);
        }
        PrivateKey key = readPrivateKey(privateKey);
        requireKeyOfCertificate(key, chain.getFirst(), privateKey);
        KeyStore store = keyStore(key, chain, certificateChain);
        try {
            KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keyManagers.init(store, IN_MEMORY_PASSWORD);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keyManagers.getKeyManagers(), null, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new ConfigException("server.tls-key", "cannot use the key of " + privateKey + " with " + certificateChain
                    + ": " + e.getMessage());
        }
    }

    private static KeyStore keyStore(PrivateKey key, List<X509Certificate> chain, Path certificateChain) {
        KeyStore store;
        try {
            store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("PKCS12 key stores are part of every JDK", e);
        }
        try {
            store.setKeyEntry("server", key, IN_MEMORY_PASSWORD, chain.toArray(Certificate[]::new));
        } catch (KeyStoreException e) {
            throw new ConfigException("server.tls-cert", "the certificates in " + certificateChain + " do not form a chain "
                    + "(server certificate first, each one issued by the next): " + e.getMessage());
        }
        return store;
    }

    /** Every certificate in a PEM file, in file order; other PEM objects are skipped. */
    static List<X509Certificate> readCertificates(Path file) throws IOException, GeneralSecurityException {
        List<X509Certificate> certificates = new ArrayList<>();
        JcaX509CertificateConverter converter = new JcaX509CertificateConverter();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII); PEMParser pem = new PEMParser(reader)) {
            for (Object object = pem.readObject(); object != null; object = pem.readObject()) {
                if (object instanceof X509CertificateHolder holder) {
                    certificates.add(converter.getCertificate(holder));
                }
            }
        }
        return certificates;
    }

    private static PrivateKey readPrivateKey(Path file) {
        JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII); PEMParser pem = new PEMParser(reader)) {
            for (Object object = pem.readObject(); object != null; object = pem.readObject()) {
                switch (object) {
                    case PrivateKeyInfo pkcs8 -> {
                        return converter.getPrivateKey(pkcs8);
                    }
                    case PEMKeyPair traditional -> { // PKCS#1 "RSA PRIVATE KEY" or SEC1 "EC PRIVATE KEY"
                        // the private part alone: a SEC1 key may omit its public key
                        return converter.getPrivateKey(traditional.getPrivateKeyInfo());
                    }
                    case PEMEncryptedKeyPair ignored -> throw encrypted(file);
                    case PKCS8EncryptedPrivateKeyInfo ignored -> throw encrypted(file);
                    default -> {
                        // EC PARAMETERS blocks precede SEC1 keys written by openssl ecparam; certificates may share the file
                    }
                }
            }
        } catch (IOException e) {
            throw new ConfigException("server.tls-key", "cannot read a PEM private key from " + file + ": " + e.getMessage());
        }
        throw new ConfigException("server.tls-key", "no PEM private key (-----BEGIN PRIVATE KEY----- or -----BEGIN RSA/EC PRIVATE KEY-----) in "
                + file);
    }

    private static ConfigException encrypted(Path file) {
        return new ConfigException("server.tls-key", file + " holds an encrypted key; give an unencrypted one "
                + "(openssl pkey -in " + file.getFileName() + " -out key.pem) and protect the file instead");
    }

    /** A key that does not match fails every handshake with an obscure alert; say so at startup instead. */
    private static void requireKeyOfCertificate(PrivateKey key, X509Certificate certificate, Path keyFile) {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "Ed25519", "EdDSA" -> "Ed25519";
            default -> null; // other key types: the handshake will tell
        };
        if (algorithm == null) {
            return;
        }
        byte[] probe = "migration-gateway key check".getBytes(StandardCharsets.US_ASCII);
        boolean matches;
        try {
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(probe);
            matches = verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            matches = false;
        }
        if (!matches) {
            throw new ConfigException("server.tls-key", "the key in " + keyFile + " does not belong to the certificate "
                    + certificate.getSubjectX500Principal().getName() + " (the first one in server.tls-cert)");
        }
    }
}
