package io.migrationgateway.storage.sql;

import static io.migrationgateway.storage.sql.StoreFixture.DASHBOARDS;
import static io.migrationgateway.storage.sql.StoreFixture.dashboard;
import static io.migrationgateway.storage.sql.StoreFixture.rv;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.NameRule;
import io.migrationgateway.storage.ObjectKey;
import io.migrationgateway.storage.Preconditions;
import io.migrationgateway.storage.StorageException;
import io.migrationgateway.storage.StorageException.Cause;
import io.migrationgateway.storage.StorageException.Reason;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import io.migrationgateway.testsupport.MutableClock;

class ObjectSemanticsIT {
    private static final Instant T0 = Instant.parse("2024-01-01T10:00:00.123456Z");
    private static final long T0_MICROS = 1_704_103_200_123_456L;
    private static final ObjectKey ABC = new ObjectKey(DASHBOARDS, "default", "abc");

    private final StoreFixture fixture = new StoreFixture();
    private final MutableClock clock = new MutableClock(T0);
    private final PostgresResourceStore store = fixture.store(clock, StorageSettings.defaults());

    @AfterEach
    void close() {
        fixture.close();
    }

    @Test
    void createSetsUidCreationTimestampGenerationAndAMicrosecondResourceVersion() {
        ObjectNode created = store.create(DASHBOARDS, dashboard("default", "abc", "A"));

        ObjectNode meta = (ObjectNode) created.get("metadata");
        assertThat(meta.path("uid").asText()).matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}");
        assertThat(meta.path("creationTimestamp").asText()).isEqualTo("2024-01-01T10:00:00Z");
        assertThat(meta.path("generation").asLong()).isEqualTo(1);
        assertThat(meta.path("resourceVersion").asText()).isEqualTo(Long.toString(T0_MICROS));
        assertThat(created.path("spec").path("title").asText()).isEqualTo("A");
        assertThat(store.get(ABC)).isEqualTo(created);
        assertThat(store.currentResourceVersion(DASHBOARDS)).isEqualTo(T0_MICROS);
    }

    @Test
    void getJsonIsTheStoredTextOfWhatGetReturns() throws Exception {
        ObjectNode created = store.create(DASHBOARDS, dashboard("default", "abc", "Grüße"));

        byte[] json = store.getJson(ABC);

        assertThat(new ObjectMapper().readTree(json)).isEqualTo(created).isEqualTo(store.get(ABC));
        assertThat(new String(json, StandardCharsets.UTF_8)).contains("\"title\":\"Grüße\"");
        assertThatThrownBy(() -> store.getJson(new ObjectKey(DASHBOARDS, "default", "missing")))
            .isInstanceOfSatisfying(StorageException.class, e -> assertThat(e.reason()).isEqualTo(Reason.NOT_FOUND));
    }

    @Test
    void resourceVersionsIncreaseEvenWhenTheClockStandsStill() {
        long first = rv(store.create(DASHBOARDS, dashboard("default", "a", "A")));
        long second = rv(store.create(DASHBOARDS, dashboard("default", "b", "B")));
        clock.advance(Duration.ofSeconds(-10));
        long third = rv(store.create(DASHBOARDS, dashboard("default", "c", "C")));

        assertThat(first).isEqualTo(T0_MICROS);
        assertThat(second).isEqualTo(T0_MICROS + 1);
        assertThat(third).isEqualTo(T0_MICROS + 2);
    }

    @Test
    void createIgnoresMetadataTheStoreOwns() {
        ObjectNode input = dashboard("default", "abc", "A");
        ((ObjectNode) input.get("metadata")).put("uid", "mine").put("generation", 7)
            .put("creationTimestamp", "2000-01-01T00:00:00Z").put("resourceVersion", "5");

        ObjectNode created = store.create(DASHBOARDS, input);

        assertThat(created.path("metadata").path("uid").asText()).isNotEqualTo("mine");
        assertThat(created.path("metadata").path("generation").asLong()).isEqualTo(1);
        assertThat(created.path("metadata").path("creationTimestamp").asText()).isEqualTo("2024-01-01T10:00:00Z");
        assertThat(rv(created)).isEqualTo(T0_MICROS);
        assertThat(input.path("metadata").path("uid").asText()).as("the caller's object is not changed").isEqualTo("mine");
    }

    @Test
    void creatingATakenNameIsAlreadyExists() {
        store.create(DASHBOARDS, dashboard("default", "abc", "A"));

        assertThatThrownBy(() -> store.create(DASHBOARDS, dashboard("default", "abc", "B")))
            .isInstanceOfSatisfying(StorageException.class, e -> {
                assertThat(e.reason()).isEqualTo(Reason.ALREADY_EXISTS);
                assertThat(e.getMessage()).isEqualTo("dashboards.dashboard.grafana.app \"abc\" already exists");
                assertThat(e.key()).isEqualTo(ABC);
            });
        assertThat(store.create(DASHBOARDS, dashboard("org-2", "abc", "other namespace"))).isNotNull();
    }

    @Test
    void withGrafanasNameRuleExistingUidsAreNamesAndOtherCharactersAreStillRefused() throws Exception {
        PostgresResourceStore grafana = fixture.store(clock, StorageSettings.defaults().withNames(NameRule.GRAFANA));
        assertThat(grafana.create(DASHBOARDS, dashboard("default", "n1jR8vnnz", "A")).path("metadata").path("name").asText())
            .isEqualTo("n1jR8vnnz");
        assertThat(grafana.create(DASHBOARDS, dashboard("default", "000000012_b:c", "A")).path("metadata").path("name").asText())
            .isEqualTo("000000012_b:c");
        assertThatThrownBy(() -> grafana.create(DASHBOARDS, dashboard("default", "no spaces/or slashes", "A")))
            .isInstanceOfSatisfying(StorageException.class, e -> {
                assertThat(e.reason()).isEqualTo(Reason.INVALID);
                assertThat(e.causes().get(0).message()).contains("a Grafana name must consist of alphanumeric characters");
            });
    }

    @Test
    void invalidNamesAreRefusedWithKubernetesCauses() throws Exception {
        assertThatThrownBy(() -> store.create(DASHBOARDS, dashboard("default", "Bad_Name", "A")))
            .isInstanceOfSatisfying(StorageException.class, e -> {
                assertThat(e.reason()).isEqualTo(Reason.INVALID);
                String detail = "Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case"
                    + " alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
                    + " (e.g. 'example.com', regex used for validation is"
                    + " '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
                assertThat(e.causes()).containsExactly(new Cause("metadata.name", "FieldValueInvalid", detail));
                assertThat(e.getMessage())
                    .isEqualTo("Dashboard.dashboard.grafana.app \"Bad_Name\" is invalid: metadata.name: " + detail);
            });
        String tooLong = "a".repeat(254);
        assertThatThrownBy(() -> store.create(DASHBOARDS, dashboard("default", tooLong, "A")))
            .isInstanceOfSatisfying(StorageException.class, e -> assertThat(e.causes())
                .containsExactly(new Cause("metadata.name", "FieldValueInvalid",
                    "Invalid value: \"" + tooLong + "\": must be no more than 253 characters")));
        String longest = "a".repeat(120) + "." + "b".repeat(132);
        assertThat(store.create(DASHBOARDS, dashboard("default", longest, "A")).path("metadata").path("name").asText())
            .hasSize(253);
        assertThat(fixture.historyVersions()).hasSize(1);
    }

    @Test
    void aNameOrGenerateNameIsRequired() {
        assertThatThrownBy(() -> store.create(DASHBOARDS, dashboard("default", null, "A")))
            .isInstanceOfSatisfying(StorageException.class, e -> {
                assertThat(e.reason()).isEqualTo(Reason.INVALID);
                assertThat(e.causes()).containsExactly(
                    new Cause("metadata.name", "FieldValueRequired", "Required value: name or generateName is required"));
                assertThat(e.getMessage()).isEqualTo("Dashboard.dashboard.grafana.app \"\" is invalid: metadata.name:"
                    + " Required value: name or generateName is required");
            });
    }

    @Test
    void generateNameAppendsFiveRandomCharacters() {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            ObjectNode input = dashboard("default", null, "A");
            ((ObjectNode) input.get("metadata")).put("generateName", "dash-");
            ObjectNode created = store.create(DASHBOARDS, input);
            String name = created.path("metadata").path("name").asText();
            assertThat(name).matches("dash-[bcdfghjklmnpqrstvwxz2456789]{5}");
            assertThat(created.path("metadata").path("generateName").asText()).isEqualTo("dash-");
            assertThat(store.get(new ObjectKey(DASHBOARDS, "default", name))).isEqualTo(created);
            names.add(name);
        }
        assertThat(names).hasSize(5);
    }

    @Test
    void updateKeepsUidAndCreationTimeAndBumpsGenerationOnlyWhenSpecChanges() {
        ObjectNode created = store.create(DASHBOARDS, dashboard("default", "abc", "A"));
        clock.advance(Duration.ofHours(1));

        ObjectNode relabeled = dashboard("default", "abc", "A", "team", "x");
        ((ObjectNode) relabeled.get("metadata")).put("uid", "other").put("creationTimestamp", "2030-01-01T00:00:00Z")
            .put("generation", 40);
        ObjectNode afterLabel = store.update(DASHBOARDS, relabeled);
        assertThat(afterLabel.path("metadata").path("generation").asLong()).isEqualTo(1);
        assertThat(afterLabel.path("metadata").path("uid")).isEqualTo(created.path("metadata").path("uid"));
        assertThat(afterLabel.path("metadata").path("creationTimestamp").asText()).isEqualTo("2024-01-01T10:00:00Z");
        assertThat(afterLabel.path("metadata").path("labels").path("team").asText()).isEqualTo("x");
        assertThat(rv(afterLabel)).isEqualTo(T0_MICROS + 3_600_000_000L);

        ObjectNode afterSpec = store.update(DASHBOARDS, dashboard("default", "abc", "B", "team", "x"));
        assertThat(afterSpec.path("metadata").path("generation").asLong()).isEqualTo(2);
        assertThat(rv(afterSpec)).isGreaterThan(rv(afterLabel));
        assertThat(store.get(ABC)).isEqualTo(afterSpec);
    }

    @Test
    void aWriterThatAsksForTheNextGenerationGetsItWithAnUnchangedSpec() throws Exception {
        store.create(DASHBOARDS, dashboard("default", "abc", "A"));

        ObjectNode resaved = dashboard("default", "abc", "A");
        ((ObjectNode) resaved.get("metadata")).put("generation", 2);
        ObjectNode afterResave = store.update(DASHBOARDS, resaved);
        ObjectNode skipped = dashboard("default", "abc", "A");
        ((ObjectNode) skipped.get("metadata")).put("generation", 4);
        ObjectNode afterSkip = store.update(DASHBOARDS, skipped);

        assertThat(afterResave.path("metadata").path("generation").asLong()).isEqualTo(2);
        assertThat(afterSkip.path("metadata").path("generation").asLong()).as("only the next one").isEqualTo(2);
        assertThat(fixture.historyVersions()).hasSize(2);
    }

    @Test
    void anUpdateThatChangesNothingWritesNothing() throws Exception {
        ObjectNode created = store.create(DASHBOARDS, dashboard("default", "abc", "A"));

        ObjectNode same = store.update(DASHBOARDS, dashboard("default", "abc", "A"));

        assertThat(same).isEqualTo(created);
        assertThat(fixture.historyVersions()).containsExactly(rv(created));
    }

    @Test
    void aStaleResourceVersionIsAConflictWithTheApiserversMessage() {
        ObjectNode created = store.create(DASHBOARDS, dashboard("default", "abc", "A"));
        store.update(DASHBOARDS, dashboard("default", "abc", "B"));

        ObjectNode stale = dashboard("default", "abc", "C");
        ((ObjectNode) stale.get("metadata")).put("resourceVersion", created.path("metadata").path("resourceVersion").asText());
        assertThatThrownBy(() -> store.update(DASHBOARDS, stale))
            .isInstanceOfSatisfying(StorageException.class, e -> {
                assertThat(e.reason()).isEqualTo(Reason.CONFLICT);
                assertThat(e.getMessage()).isEqualTo("Operation cannot be fulfilled on dashboards.dashboard.grafana.app"
                    + " \"abc\": the object has been modified; please apply your changes to the latest version and try again");
            });
        assertThat(store.get(ABC).path("spec").path("title").asText()).isEqualTo("B");
    }

    @Test
    void anUpdateWithTheCurrentResourceVersionOrNoneSucceeds() {
        ObjectNode created = store.create(DASHBOARDS, dashboard("default", "abc", "A"));
        ObjectNode withVersion = dashboard("default", "abc", "B");
        ((ObjectNode) withVersion.get("metadata")).put("resourceVersion", Long.toString(rv(created)));

        assertThat(store.update(DASHBOARDS, withVersion).path("spec").path("title").asText()).isEqualTo("B");
        assertThat(store.update(DASHBOARDS, dashboard("default", "abc", "C")).path("spec").path("title").asText())
            .isEqualTo("C");
    }

    @Test
    void updatingAMissingObjectIsNotFound() {
        assertThatThrownBy(() -> store.update(DASHBOARDS, dashboard("default", "abc", "A")))
            .isInstanceOfSatisfying(StorageException.class, e -> {
                assertThat(e.reason()).isEqualTo(Reason.NOT_FOUND);
                assertThat(e.getMessage()).isEqualTo("dashboards.dashboard.grafana.app \"abc\" not found");
            });
        assertThatThrownBy(() -> store.get(ABC))
            .isInstanceOfSatisfying(StorageException.class, e -> assertThat(e.reason()).isEqualTo(Reason.NOT_FOUND));
    }

    @Test
    void deleteReturnsTheLastStateAtTheDeletesResourceVersion() throws Exception {
        ObjectNode created = store.create(DASHBOARDS, dashboard("default", "abc", "A"));

        ObjectNode deleted = store.delete(ABC, Preconditions.NONE);

        assertThat(rv(deleted)).isEqualTo(rv(created) + 1);
        assertThat(deleted.path("spec")).isEqualTo(created.path("spec"));
        assertThat(deleted.path("metadata").path("uid")).isEqualTo(created.path("metadata").path("uid"));
        assertThatThrownBy(() -> store.get(ABC))
            .isInstanceOfSatisfying(StorageException.class, e -> assertThat(e.reason()).isEqualTo(Reason.NOT_FOUND));
        assertThatThrownBy(() -> store.delete(ABC, Preconditions.NONE))
            .isInstanceOfSatisfying(StorageException.class, e -> assertThat(e.reason()).isEqualTo(Reason.NOT_FOUND));
        assertThat(fixture.count("SELECT count(*) FROM resource_history WHERE action = 3 AND resource_version = "
            + rv(deleted) + " AND previous_resource_version = " + rv(created))).isEqualTo(1);
        assertThat(store.create(DASHBOARDS, dashboard("default", "abc", "again")).path("metadata").path("generation")
            .asLong()).isEqualTo(1);
    }

    @Test
    void deletePreconditionsMustHold() {
        ObjectNode created = store.create(DASHBOARDS, dashboard("default", "abc", "A"));
        String uid = created.path("metadata").path("uid").asText();
        String version = created.path("metadata").path("resourceVersion").asText();

        assertThatThrownBy(() -> store.delete(ABC, new Preconditions("wrong", null)))
            .isInstanceOfSatisfying(StorageException.class, e -> {
                assertThat(e.reason()).isEqualTo(Reason.CONFLICT);
                assertThat(e.getMessage())
                    .isEqualTo("Precondition failed: UID in precondition: wrong, UID in object meta: " + uid);
            });
        assertThatThrownBy(() -> store.delete(ABC, new Preconditions(uid, "1")))
            .isInstanceOfSatisfying(StorageException.class, e -> {
                assertThat(e.reason()).isEqualTo(Reason.CONFLICT);
                assertThat(e.getMessage()).isEqualTo(
                    "Precondition failed: ResourceVersion in precondition: 1, ResourceVersion in object meta: " + version);
            });
        assertThat(store.delete(ABC, new Preconditions(uid, version)).path("metadata").path("uid").asText())
            .isEqualTo(uid);
    }

    @Test
    void guaranteedUpdateRetriesFromAFreshReadWhenAnotherWriterCameFirst() {
        store.create(DASHBOARDS, dashboard("default", "abc", "A"));
        AtomicInteger calls = new AtomicInteger();

        ObjectNode result = store.guaranteedUpdate(ABC, current -> {
            if (calls.incrementAndGet() == 1) {
                store.update(DASHBOARDS, dashboard("default", "abc", "changed meanwhile", "team", "x"));
            }
            ((ObjectNode) current.get("spec")).put("count", 1);
            return current;
        });

        assertThat(calls.get()).isEqualTo(2);
        assertThat(result.path("spec").path("title").asText()).isEqualTo("changed meanwhile");
        assertThat(result.path("metadata").path("labels").path("team").asText()).isEqualTo("x");
        assertThat(result.path("spec").path("count").asInt()).isEqualTo(1);
        assertThat(result.path("metadata").path("generation").asLong()).isEqualTo(3);
    }

    @Test
    void guaranteedUpdateLosesNoChangeUnderConcurrentWriters() throws Exception {
        store.create(DASHBOARDS, dashboard("default", "abc", "A"));
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 10; i++) {
                        store.guaranteedUpdate(ABC, current -> {
                            ObjectNode spec = (ObjectNode) current.get("spec");
                            spec.put("count", spec.path("count").asInt() + 1);
                            return current;
                        });
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(store.get(ABC).path("spec").path("count").asInt()).isEqualTo(60);
    }

    @Test
    void guaranteedUpdateRefusesToMoveTheObjectAndPassesRefusalsThrough() {
        store.create(DASHBOARDS, dashboard("default", "abc", "A"));

        assertThatThrownBy(() -> store.guaranteedUpdate(ABC, current -> {
            ((ObjectNode) current.get("metadata")).put("name", "other");
            return current;
        })).isInstanceOfSatisfying(StorageException.class, e -> {
            assertThat(e.reason()).isEqualTo(Reason.BAD_REQUEST);
            assertThat(e.getMessage()).isEqualTo("the name of the object (other) does not match the name on the URL (abc)");
        });
        assertThatThrownBy(() -> store.guaranteedUpdate(ABC, current -> {
            throw new StorageException(Reason.INVALID, ABC, "refused by the caller");
        })).isInstanceOfSatisfying(StorageException.class, e -> assertThat(e.getMessage()).isEqualTo("refused by the caller"));
        assertThatThrownBy(() -> store.guaranteedUpdate(new ObjectKey(DASHBOARDS, "default", "missing"), c -> c))
            .isInstanceOfSatisfying(StorageException.class, e -> assertThat(e.reason()).isEqualTo(Reason.NOT_FOUND));
    }

    @Test
    void returnedObjectsAreCopiesTheCallerMayChange() {
        ObjectNode created = store.create(DASHBOARDS, dashboard("default", "abc", "A"));
        ((ObjectNode) created.get("spec")).put("title", "scribbled");
        ObjectNode read = store.get(ABC);
        ((ObjectNode) read.get("spec")).put("title", "scribbled too");

        assertThat(store.get(ABC).path("spec").path("title").asText()).isEqualTo("A");
    }
}
