package io.migrationgateway.gateway.demo;

import io.migrationgateway.legacysim.auth.Passwords;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Properties;

/**
 * The demo's credentials, kept in {@code <data-dir>/demo-credentials.properties} (mode 600) so that a
 * second run, which reuses the seeded database, also reuses the passwords and the token the seed was
 * made with. Values given on the command line win over stored ones.
 *
 * @param gatewayAdminPassword the gateway admin port's password (user {@code admin})
 * @param legacyAdminPassword  the simulator's Grafana {@code admin} password
 * @param legacyToken          the simulator's service-account token (Admin in org 1)
 */
public record DemoCredentials(String gatewayAdminPassword, String legacyAdminPassword, String legacyToken) {
    static final String FILE = "demo-credentials.properties";

    /** Reads the stored credentials, fills what is missing (generated, or Grafana's default admin/admin) and stores them. */
    public static DemoCredentials loadOrCreate(Path dataDir, Optional<String> gatewayAdminPassword,
                                               Optional<String> legacyAdminPassword) {
        Path file = dataDir.resolve(FILE);
        Properties stored = new Properties();
        try {
            if (Files.exists(file)) {
                try (Reader in = Files.newBufferedReader(file)) {
                    stored.load(in);
                }
            }
            DemoCredentials credentials = new DemoCredentials(
                    gatewayAdminPassword.orElse(stored.getProperty("gateway.admin.password", Passwords.random(16))),
                    legacyAdminPassword.orElse(stored.getProperty("legacy.admin.password", "admin")),
                    stored.getProperty("legacy.token", "glsa_" + Passwords.random(32) + "_" + Passwords.random(8).toLowerCase()));
            stored.setProperty("gateway.admin.password", credentials.gatewayAdminPassword());
            stored.setProperty("legacy.admin.password", credentials.legacyAdminPassword());
            stored.setProperty("legacy.token", credentials.legacyToken());
            Files.createDirectories(dataDir);
            if (!Files.exists(file)) {
                Files.createFile(file);
                try {
                    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
                } catch (UnsupportedOperationException notPosix) {
                    // Windows: the file inherits the data directory's ACL
                }
            }
            try (Writer out = Files.newBufferedWriter(file)) {
                stored.store(out, "Credentials of the migration gateway demo (see README)");
            }
            return credentials;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or write " + file, e);
        }
    }
}
