package io.migrationgateway.resourceapi;

import static io.migrationgateway.resourceapi.ApiServer.ADMIN;
import static io.migrationgateway.resourceapi.ApiServer.DASHBOARDS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WatchIT {
    ApiServer server;

    @BeforeEach
    void start() {
        server = new ApiServer(ResourceApiSettings.defaults().withBookmarkInterval(Duration.ofMillis(500)));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private String listVersion() {
        return server.get(DASHBOARDS).json().path("metadata").path("resourceVersion").asText();
    }

    @Test
    void streamsAddedModifiedDeletedFromTheListVersion() throws Exception {
        server.createDashboard("before", "Before");
        String version = listVersion();
        try (WatchStream watch = new WatchStream(server, DASHBOARDS + "?watch=true&resourceVersion=" + version,
                ADMIN, "application/json")) {
            assertThat(watch.status).isEqualTo(200);
            assertThat(watch.contentType).isEqualTo("application/json");
            server.createDashboard("w-1", "One");
            server.patch(DASHBOARDS + "/w-1", "application/merge-patch+json", "{\"spec\":{\"title\":\"Two\"}}");
            server.delete(DASHBOARDS + "/w-1");

            JsonNode added = watch.next();
            assertThat(added.path("type").asText()).isEqualTo("ADDED");
            assertThat(added.path("object").path("metadata").path("name").asText()).isEqualTo("w-1");
            assertThat(added.path("object").path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v1beta1");
            assertThat(added.path("object").path("kind").asText()).isEqualTo("Dashboard");
            JsonNode modified = watch.next();
            assertThat(modified.path("type").asText()).isEqualTo("MODIFIED");
            assertThat(modified.path("object").path("spec").path("title").asText()).isEqualTo("Two");
            assertThat(watch.next().path("type").asText()).isEqualTo("DELETED");
            assertThat(watch.next(Duration.ofMillis(1200))).as("no bookmark unless asked").isNull();
        }
    }

    @Test
    void withoutResourceVersionStartsWithTheCurrentState() throws Exception {
        server.createDashboard("existing", "Existing");
        try (WatchStream watch = new WatchStream(server, DASHBOARDS + "?watch=1", ADMIN, null)) {
            JsonNode first = watch.next();
            assertThat(first.path("type").asText()).isEqualTo("ADDED");
            assertThat(first.path("object").path("metadata").path("name").asText()).isEqualTo("existing");
        }
    }

    @Test
    void resumesAfterTheGivenResourceVersion() throws Exception {
        JsonNode first = server.createDashboard("r-1", "One");
        server.createDashboard("r-2", "Two");
        String from = first.path("metadata").path("resourceVersion").asText();
        try (WatchStream watch = new WatchStream(server, DASHBOARDS + "?watch=true&resourceVersion=" + from,
                ADMIN, null)) {
            JsonNode event = watch.next();
            assertThat(event.path("type").asText()).isEqualTo("ADDED");
            assertThat(event.path("object").path("metadata").path("name").asText()).isEqualTo("r-2");
            assertThat(watch.next(Duration.ofMillis(500))).isNull();
        }
    }

    @Test
    void otherVersionsWatchInTheirApiVersion() throws Exception {
        String version = listVersion();
        try (WatchStream watch = new WatchStream(server,
                "/apis/dashboard.grafana.app/v0alpha1/namespaces/default/dashboards?watch=true&resourceVersion="
                        + version, ADMIN, null)) {
            server.createDashboard("v0-watch", "V0");
            assertThat(watch.next().path("object").path("apiVersion").asText())
                    .isEqualTo("dashboard.grafana.app/v0alpha1");
        }
    }

    @Test
    void tooOldResourceVersionIsGoneBeforeStreaming() {
        JsonNode first = server.createDashboard("old-1", "Old");
        server.createDashboard("old-2", "Old");
        server.store.compactOlderThan(Duration.ZERO);
        String old = first.path("metadata").path("resourceVersion").asText();
        ApiServer.Response response = server.get(DASHBOARDS + "?watch=true&resourceVersion=" + old);
        assertThat(response.status()).isEqualTo(410);
        assertThat(response.json().path("reason").asText()).isEqualTo("Expired");
        assertThat(response.json().path("message").asText()).startsWith("too old resource version: ");
    }

    @Test
    void timeoutSecondsEndsTheStreamCleanly() throws Exception {
        String version = listVersion();
        try (WatchStream watch = new WatchStream(server,
                DASHBOARDS + "?watch=true&timeoutSeconds=1&resourceVersion=" + version, ADMIN, null)) {
            assertThat(watch.status).isEqualTo(200);
            assertThat(watch.endsWithin(Duration.ofSeconds(5))).isTrue();
        }
    }

    @Test
    void bookmarksOnlyWhenAllowed() throws Exception {
        String version = listVersion();
        try (WatchStream watch = new WatchStream(server,
                DASHBOARDS + "?watch=true&allowWatchBookmarks=true&resourceVersion=" + version, ADMIN, null)) {
            JsonNode bookmark = watch.next(Duration.ofSeconds(5));
            assertThat(bookmark.path("type").asText()).isEqualTo("BOOKMARK");
            assertThat(bookmark.path("object").path("kind").asText()).isEqualTo("Dashboard");
            assertThat(bookmark.path("object").path("apiVersion").asText()).isEqualTo("dashboard.grafana.app/v1beta1");
            assertThat(bookmark.path("object").path("metadata").path("resourceVersion").asText()).isEqualTo(version);

            JsonNode created = server.createDashboard("bm-1", "Bookmark");
            assertThat(watch.next().path("type").asText()).isEqualTo("ADDED");
            JsonNode later = watch.next(Duration.ofSeconds(5));
            assertThat(later.path("type").asText()).isEqualTo("BOOKMARK");
            assertThat(later.path("object").path("metadata").path("resourceVersion").asText())
                    .isEqualTo(created.path("metadata").path("resourceVersion").asText());
        }
    }

    @Test
    void fieldSelectorOnNameWatchesOneObject() throws Exception {
        String version = listVersion();
        try (WatchStream watch = new WatchStream(server,
                DASHBOARDS + "?watch=true&fieldSelector=metadata.name%3Dwanted&resourceVersion=" + version, ADMIN,
                null)) {
            server.createDashboard("unwanted", "No");
            server.createDashboard("wanted", "Yes");
            JsonNode event = watch.next();
            assertThat(event.path("object").path("metadata").path("name").asText()).isEqualTo("wanted");
        }
    }

    @Test
    void tableWatchSendsOneRowTables() throws Exception {
        String version = listVersion();
        try (WatchStream watch = new WatchStream(server, DASHBOARDS + "?watch=true&resourceVersion=" + version,
                ADMIN, ListIT.TABLE_ACCEPT)) {
            assertThat(watch.contentType).isEqualTo("application/json;as=Table;v=v1;g=meta.k8s.io");
            server.createDashboard("table-watch", "Tabled");
            JsonNode event = watch.next();
            assertThat(event.path("type").asText()).isEqualTo("ADDED");
            JsonNode table = event.path("object");
            assertThat(table.path("kind").asText()).isEqualTo("Table");
            assertThat(table.path("rows")).hasSize(1);
            assertThat(table.path("rows").get(0).path("cells").get(1).asText()).isEqualTo("Tabled");
        }
    }

    @Test
    void allNamespacesWatchShowsOnlyTheCallersNamespaces() throws Exception {
        String version = listVersion();
        try (WatchStream watch = new WatchStream(server,
                "/apis/dashboard.grafana.app/v1beta1/dashboards?watch=true&resourceVersion=" + version,
                ApiServer.VIEWER, null)) {
            server.post("/apis/dashboard.grafana.app/v1beta1/namespaces/org-2/dashboards",
                    "{\"metadata\":{\"name\":\"hidden\"},\"spec\":{}}");
            server.createDashboard("shown", "Shown");
            assertThat(watch.next().path("object").path("metadata").path("name").asText()).isEqualTo("shown");
        }
    }

    @Test
    void clientDisconnectReleasesTheWatch() throws Exception {
        CountingWatches[] counting = CountingWatches.holder();
        try (ApiServer observed = new ApiServer(ResourceApiSettings.defaults(), CountingWatches.into(counting))) {
            WatchStream watch = new WatchStream(observed, DASHBOARDS + "?watch=true", ADMIN, null);
            assertThat(counting[0].open.get()).isEqualTo(1);
            watch.close();
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (counting[0].open.get() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(counting[0].open.get()).isZero();
        }
    }

    @Test
    void timeoutReleasesTheWatch() throws Exception {
        CountingWatches[] counting = CountingWatches.holder();
        try (ApiServer observed = new ApiServer(ResourceApiSettings.defaults(), CountingWatches.into(counting));
             WatchStream watch = new WatchStream(observed, DASHBOARDS + "?watch=true&timeoutSeconds=1", ADMIN, null)) {
            assertThat(watch.endsWithin(Duration.ofSeconds(5))).isTrue();
            assertThat(counting[0].open.get()).isZero();
        }
    }
}
