package io.migrationgateway.gateway.apis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.migrationgateway.gateway.demo.Demo;
import io.migrationgateway.gateway.testing.AdminClient;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fabric8's Kubernetes client (a client nobody on this project wrote) against the demo's
 * plain-http public port with the demo's bearer token: create, get, list, update, a stale update refused
 * with 409, patch, delete, and a watch that sees the changes (fabric8 first tries a WebSocket watch and must
 * fall back to the streaming one by itself).
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class KubernetesClientIT {
    private static final ResourceDefinitionContext PLAYLISTS = new ResourceDefinitionContext.Builder()
            .withGroup("playlist.grafana.app").withVersion("v0alpha1").withKind("Playlist").withPlural("playlists")
            .withNamespaced(true).build();

    @TempDir
    static Path dataDir;

    private static Demo demo;
    private static KubernetesClient client;

    @BeforeAll
    static void start() throws Exception {
        demo = Demo.start(new Demo.Settings("127.0.0.1", 0, 0, 0, 0, dataDir, Optional.empty(), Optional.empty(),
                Optional.empty()), Map.of());
        // these tests are about unified storage's Kubernetes semantics (labels, annotations, server-side apply,
        // resource versions), which the legacy API cannot keep: in modes 0-2 /apis is served over legacy instead
        // (ResourceApiOverLegacyIT), so every resource is put in mode 4 first
        AdminClient.of(demo).forceEveryResource(4);
        Config config = new ConfigBuilder(Config.empty())
                .withMasterUrl("http://127.0.0.1:" + demo.gateway().publicAddress().getPort())
                .withOauthToken(demo.credentials().legacyToken())
                .withNamespace("default")
                .withRequestRetryBackoffLimit(0)
                .build();
        client = new KubernetesClientBuilder().withConfig(config).build();
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
        if (demo != null) {
            demo.close();
        }
    }

    private static NonNamespaceOperation<GenericKubernetesResource, GenericKubernetesResourceList, Resource<GenericKubernetesResource>> playlists() {
        return client.genericKubernetesResources(PLAYLISTS).inNamespace("default");
    }

    private static GenericKubernetesResource playlist(String name, String title) {
        return new GenericKubernetesResourceBuilder()
                .withApiVersion("playlist.grafana.app/v0alpha1").withKind("Playlist")
                .withNewMetadata().withName(name).endMetadata()
                .withAdditionalProperties(Map.of("spec", Map.of("title", title, "interval", "5m",
                        "items", List.of(Map.of("type", "dashboard_by_tag", "value", "fabric8")))))
                .build();
    }

    @SuppressWarnings("unchecked")
    private static String title(GenericKubernetesResource resource) {
        return (String) ((Map<String, Object>) resource.getAdditionalProperties().get("spec")).get("title");
    }

    @Test
    void createGetListUpdatePatchAndDelete() {
        GenericKubernetesResource created = playlists().resource(playlist("fabric8-crud", "Created")).create();
        assertThat(created.getMetadata().getUid()).isNotEmpty();
        assertThat(created.getMetadata().getResourceVersion()).matches("\\d+");

        GenericKubernetesResource read = playlists().withName("fabric8-crud").get();
        assertThat(title(read)).isEqualTo("Created");
        assertThat(playlists().list().getItems()).extracting(item -> item.getMetadata().getName()).contains("fabric8-crud");

        GenericKubernetesResource changed = playlist("fabric8-crud", "Updated");
        changed.getMetadata().setResourceVersion(read.getMetadata().getResourceVersion());
        GenericKubernetesResource updated = playlists().resource(changed).update();
        assertThat(title(updated)).isEqualTo("Updated");
        assertThat(Long.parseLong(updated.getMetadata().getResourceVersion()))
                .isGreaterThan(Long.parseLong(read.getMetadata().getResourceVersion()));

        GenericKubernetesResource edited = playlists().withName("fabric8-crud").edit(live -> {
            live.getMetadata().setLabels(Map.of("team", "fabric8"));
            return live;
        });
        assertThat(edited.getMetadata().getLabels()).containsEntry("team", "fabric8");
        assertThat(playlists().withLabel("team", "fabric8").list().getItems()).hasSize(1);

        assertThat(playlists().withName("fabric8-crud").delete()).hasSize(1);
        assertThat(playlists().withName("fabric8-crud").get()).isNull();
    }

    @Test
    void updateWithAStaleResourceVersionIsRefusedWith409() {
        GenericKubernetesResource created = playlists().resource(playlist("fabric8-stale", "First")).create();
        GenericKubernetesResource second = playlist("fabric8-stale", "Second");
        second.getMetadata().setResourceVersion(created.getMetadata().getResourceVersion());
        playlists().resource(second).update();

        GenericKubernetesResource stale = playlist("fabric8-stale", "Stale");
        stale.getMetadata().setResourceVersion(created.getMetadata().getResourceVersion());
        assertThatThrownBy(() -> playlists().resource(stale).update())
                .isInstanceOfSatisfying(KubernetesClientException.class, e -> {
                    assertThat(e.getCode()).isEqualTo(409);
                    assertThat(e.getStatus().getReason()).isEqualTo("Conflict");
                });
        assertThat(title(playlists().withName("fabric8-stale").get())).isEqualTo("Second");
    }

    @Test
    void watchSeesAddedModifiedAndDeleted() throws Exception {
        BlockingQueue<String> events = new LinkedBlockingQueue<>();
        // from a resource version: fabric8's HTTP fallback watch starts asynchronously and may reach the server late
        String from = playlists().list().getMetadata().getResourceVersion();
        try (Watch ignored = playlists().withName("fabric8-watched").watch(from, new Watcher<>() {
            @Override
            public void eventReceived(Action action, GenericKubernetesResource resource) {
                events.add(action + " " + resource.getMetadata().getName() + " " + title(resource));
            }

            @Override
            public void onClose(WatcherException cause) {
                events.add("CLOSED " + cause.getMessage());
            }
        })) {
            GenericKubernetesResource created = playlists().resource(playlist("fabric8-watched", "One")).create();
            GenericKubernetesResource next = playlist("fabric8-watched", "Two");
            next.getMetadata().setResourceVersion(created.getMetadata().getResourceVersion());
            playlists().resource(next).update();
            playlists().withName("fabric8-watched").delete();

            assertThat(events.poll(20, TimeUnit.SECONDS)).isEqualTo("ADDED fabric8-watched One");
            assertThat(events.poll(20, TimeUnit.SECONDS)).isEqualTo("MODIFIED fabric8-watched Two");
            assertThat(events.poll(20, TimeUnit.SECONDS)).isEqualTo("DELETED fabric8-watched Two");
        }
    }
}
