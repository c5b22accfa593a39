package io.migrationgateway.gateway.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.migrationgateway.gateway.config.ConfigException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KubeconfigTest {
    private static final URI SERVER = URI.create("https://127.0.0.1:8443");

    @TempDir
    Path dir;

    @Test
    void writesOneClusterUserAndCurrentContextReadableOnlyByTheOwner() throws Exception {
        Path file = dir.resolve("sub/kubeconfig");

        Kubeconfig.write(file, SERVER, "glsa_secret", "default");

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        JsonNode config = new YAMLMapper().readTree(file.toFile());
        assertThat(config.get("kind").asText()).isEqualTo("Config");
        assertThat(config.get("current-context").asText()).isEqualTo(config.get("contexts").get(0).get("name").asText());
        assertThat(config.get("clusters").get(0).get("cluster").get("server").asText()).isEqualTo("https://127.0.0.1:8443");
        assertThat(config.get("users").get(0).get("user").get("token").asText()).isEqualTo("glsa_secret");
        assertThat(config.get("contexts").get(0).get("context").get("namespace").asText()).isEqualTo("default");
    }

    @Test
    void rewritesAFileItWroteBefore() throws Exception {
        Path file = dir.resolve("kubeconfig");
        Kubeconfig.write(file, SERVER, "old-token", "default");

        Kubeconfig.write(file, URI.create("https://127.0.0.1:9443"), "new-token", "default");

        assertThat(Files.readString(file)).contains("new-token").contains(":9443").doesNotContain("old-token");
    }

    @Test
    void neverOverwritesSomeoneElsesKubeconfig() throws Exception {
        Path file = Files.writeString(dir.resolve("config"), "apiVersion: v1\nkind: Config\nclusters: []\n");

        assertThatThrownBy(() -> Kubeconfig.write(file, SERVER, "glsa_secret", "default"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("--kubeconfig:");
        assertThat(Files.readString(file)).doesNotContain("glsa_secret");
    }

    @Test
    void clientsReachAWildcardBindOnLoopback() {
        assertThat(Demo.clientHost("0.0.0.0")).isEqualTo("127.0.0.1");
        assertThat(Demo.clientHost("::")).isEqualTo("127.0.0.1");
        assertThat(Demo.clientHost("192.0.2.7")).isEqualTo("192.0.2.7");
        assertThat(Demo.clientHost("::1")).isEqualTo("[::1]");
    }
}
