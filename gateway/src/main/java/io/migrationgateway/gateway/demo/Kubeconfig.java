package io.migrationgateway.gateway.demo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.migrationgateway.gateway.config.ConfigException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The demo's kubeconfig: one cluster (the gateway's https port, self-signed, so {@code insecure-skip-tls-verify}),
 * one user (the legacy service-account token, which kubectl sends only over TLS), one context with its
 * namespace, made current. Written with mode 600 because it holds the token.
 */
final class Kubeconfig {
    static final String NAME = "migration-gateway-demo";
    /** First line of every file this class writes: a file without it is someone else's and is never overwritten. */
    static final String MARKER = "# Written by the migration gateway demo; rewritten on every demo run.\n";
    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .build();

    private Kubeconfig() {
    }

    /**
     * Writes (or rewrites) the file.
     *
     * @throws ConfigException naming {@code --kubeconfig} when the file exists and was not written by the demo
     */
    static void write(Path file, URI server, String token, String namespace) {
        try {
            if (Files.exists(file) && !Files.readString(file, StandardCharsets.UTF_8).startsWith(MARKER)) {
                throw new ConfigException("--kubeconfig", file + " exists and was not written by the demo; "
                        + "not overwriting it (name another file)");
            }
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            if (!Files.exists(file)) {
                try {
                    Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                } catch (UnsupportedOperationException notPosix) {
                    Files.createFile(file); // Windows: the file inherits the directory's ACL
                }
            }
            Files.writeString(file, MARKER + render(server, token, namespace), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the kubeconfig " + file, e);
        }
    }

    static String render(URI server, String token, String namespace) {
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("apiVersion", "v1");
        config.put("kind", "Config");
        config.put("clusters", List.of(ordered("name", NAME, "cluster", ordered(
                "server", server.toString(),
                "insecure-skip-tls-verify", true))));
        config.put("users", List.of(ordered("name", NAME, "user", ordered("token", token))));
        config.put("contexts", List.of(ordered("name", NAME, "context", ordered(
                "cluster", NAME,
                "user", NAME,
                "namespace", namespace))));
        config.put("current-context", NAME);
        try {
            return YAML.writeValueAsString(config);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("maps of strings always serialize", e);
        }
    }

    /** A map that keeps the order written here, so the file reads like a hand-written kubeconfig. */
    private static Map<String, Object> ordered(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
}
