package io.migrationgateway.translators.hash;

import static org.assertj.core.api.Assertions.assertThat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.migrationgateway.translators.hash.Projection.Beside;
import io.migrationgateway.translators.hash.Projection.Hashes;
import io.migrationgateway.translators.hash.Projection.Kind;
import io.migrationgateway.translators.hash.Projection.Part;
import io.migrationgateway.translators.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ProjectionTest {
    private static final Projection PROJECTION = new Projection(List.of(
        Part.of("d.version", Kind.NUMBER, "null", "metadata", "generation"),
        Part.of("coalesce(d.folder_uid, '')", Kind.TEXT, "\"\"", "metadata", "annotations", "grafana.app/folder"),
        Part.of("d.id", Kind.LABEL, "null", "metadata", "labels", "grafana.app/deprecatedInternalID"),
        new Part("d.data", Kind.DOCUMENT, List.of("spec"), "null", Set.of("id", "uid", "version"))));
    private static final String OBJECT = "{\"apiVersion\":\"dashboard.grafana.app/v1beta1\",\"kind\":\"Dashboard\","
        + "\"metadata\":{\"name\":\"abc\",\"generation\":3,\"resourceVersion\":\"17\",\"labels\":{"
        + "\"grafana.app/deprecatedInternalID\":\"12\"},\"annotations\":{\"grafana.app/folder\":\"f1\","
        + "\"grafana.app/updatedTimestamp\":\"2024-01-01T00:00:00Z\"}},"
        + "\"spec\":{\"title\":\"x\",\"panels\":[{\"id\":1}]},\"status\":{}}";

    private static Hash128 unified(String object) {
        return PROJECTION.unifiedHash(object.getBytes(StandardCharsets.UTF_8), new CanonicalJson());
    }

    @Test
    void onlyThePartsCountAndNotWhereTheyAre() {
        String reordered = """
            {"spec": {"panels": [{"id": 1}], "title": "x"}, "status": {"conditions": []},
             "metadata": {"annotations": {"grafana.app/updatedTimestamp": "2025-02-02T00:00:00Z",
                                          "grafana.app/folder": "f1"},
                          "labels": {"grafana.app/deprecatedInternalID": "12", "other": "y"},
                          "generation": 3, "resourceVersion": "99", "uid": "u"},
             "kind": "Dashboard"}
            """;

        assertThat(unified(reordered)).isNotNull().isEqualTo(unified(OBJECT));
    }

    @Test
    void eachPartCounts() {
        Hash128 original = unified(OBJECT);
        for (String changed : new String[] {
            OBJECT.replace("\"generation\":3", "\"generation\":4"),
            OBJECT.replace("\"f1\"", "\"f2\""),
            OBJECT.replace("\"12\"", "\"13\""),
            OBJECT.replace("\"title\":\"x\"", "\"title\":\"y\""),
            OBJECT.replace("[{\"id\":1}]", "[{\"id\":1},{\"id\":2}]"),
            OBJECT.replace("\"spec\"", "\"specs\""),
        }) {
            assertThat(unified(changed)).as(changed).isNotNull().isNotEqualTo(original);
        }
    }

    @Test
    void aMissingPathStandsForItsAbsentValue() {
        String withoutFolder = OBJECT.replace("\"grafana.app/folder\":\"f1\",", "");

        assertThat(unified(withoutFolder)).isEqualTo(unified(withoutFolder.replace("\"annotations\":{",
            "\"annotations\":{\"grafana.app/folder\":\"\",")));
        assertThat(unified(withoutFolder)).isNotEqualTo(unified(OBJECT));
    }

    @Test
    void aStoredValueThatIsNoJsonObjectHasNoHash() {
        assertThat(unified("[1]")).isNull();
        assertThat(unified(OBJECT.substring(0, 100))).isNull();
    }

    private static final Beside LABELS = new Beside(List.of("metadata", "labels"), "{}", "grafana.app/");
    private static final Beside UID = new Beside(List.of("metadata", "uid"), "null", "");
    private static final Projection WITH_BESIDES = PROJECTION.besides(List.of(LABELS, UID));

    private static Hashes hashes(String object) {
        return WITH_BESIDES.unifiedHashes(object.getBytes(StandardCharsets.UTF_8), new CanonicalJson());
    }

    @Test
    void besidesAreHashedApartFromTheRowHash() {
        String labelled = OBJECT.replace("\"labels\":{", "\"labels\":{\"team\":\"a\",").replace("\"name\":\"abc\"",
            "\"name\":\"abc\",\"uid\":\"u-1\"");

        Hashes hashes = hashes(labelled);

        assertThat(hashes.row()).isEqualTo(unified(OBJECT));
        assertThat(hashes.besides()).containsExactly(
            LABELS.hash(Json.tree("{\"team\":\"a\"}"), new CanonicalJson()),
            UID.hash(Json.tree("\"u-1\""), new CanonicalJson()));
    }

    @Test
    void membersWithTheLeftOutPrefixDoNotCountAndTheOthersCountInAnyOrder() {
        String one = OBJECT.replace("\"labels\":{", "\"labels\":{\"team\":\"a\",\"tier\":\"1\",");
        String reordered = OBJECT.replace("\"labels\":{\"grafana.app/deprecatedInternalID\":\"12\"}",
            "\"labels\":{\"tier\":\"1\",\"grafana.app/deprecatedInternalID\":\"12\",\"team\":\"a\"}");
        String otherValue = one.replace("\"team\":\"a\"", "\"team\":\"b\"");

        assertThat(hashes(reordered).besides()).isEqualTo(hashes(one).besides());
        assertThat(hashes(otherValue).besides().getFirst()).isNotEqualTo(hashes(one).besides().getFirst());
        assertThat(hashes(OBJECT).besides().getFirst()).as("only left-out members: as if none")
            .isEqualTo(LABELS.hash(null, new CanonicalJson()))
            .isEqualTo(hashes(OBJECT.replace("\"labels\":{\"grafana.app/deprecatedInternalID\":\"12\"},", "")).besides().getFirst());
        assertThat(LABELS.hash(Json.tree("{\"grafana.app/folder\":\"f\",\"team\":\"a\",\"tier\":\"1\"}"), new CanonicalJson()))
            .isEqualTo(hashes(one).besides().getFirst());
    }

    @Test
    void aPathCannotGoThroughAMemberThatCounts() {
        assertThatThrownBy(() -> PROJECTION.besides(List.of(new Beside(List.of("metadata"), "{}", "x"))))
            .isInstanceOf(IllegalArgumentException.class);
    }
}
