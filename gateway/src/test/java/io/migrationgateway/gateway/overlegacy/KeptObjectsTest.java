package io.migrationgateway.gateway.overlegacy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.gateway.overlegacy.KeptMetadataStore.Kept;
import io.migrationgateway.gateway.overlegacy.KeptMetadataStore.Pending;
import io.migrationgateway.model.GroupResource;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KeptObjectsTest {
    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.ALLOW_SINGLE_QUOTES);
    private static final GroupResource DASHBOARDS = new GroupResource("dashboard.grafana.app", "dashboards");
    private static final String KUBECTL_OWNS_TITLE = """
            [{'manager':'kubectl','operation':'Apply','apiVersion':'dashboard.grafana.app/v1beta1',
              'time':'2024-01-01T10:00:00Z','fieldsType':'FieldsV1',
              'fieldsV1':{'f:metadata':{'f:labels':{'f:team':{}}},'f:spec':{'f:title':{}}}}]""";

    /** The dashboard as the translator builds it from the legacy side: legacy id 7, legacy version {@code version}. */
    private static ObjectNode built(int version, String title) {
        return object("{'apiVersion':'dashboard.grafana.app/v1beta1','kind':'Dashboard','metadata':{'name':'d1',"
                + "'namespace':'default','resourceVersion':'" + version + "','generation':" + version + ","
                + "'creationTimestamp':'2024-01-01T09:00:00Z','labels':{'grafana.app/deprecatedInternalID':'7'},"
                + "'annotations':{'grafana.app/folder':'f1','grafana.app/updatedTimestamp':'2024-01-02T00:00:00Z'}},"
                + "'spec':{'title':'" + title + "'}}");
    }

    /** What a write of {@code title} through the gateway kept, at legacy version {@code version}. */
    private static Kept keptAt(int version, String title, Optional<Pending> pending) {
        ObjectNode written = built(version, title);
        ObjectNode metadata = object("{'uid':'kept-uid','labels':{'team':'a'},'annotations':{'note':'kept'},"
                + "'managedFields':" + KUBECTL_OWNS_TITLE + "}");
        KeptObjects.apply(DASHBOARDS, written, metadata);
        return new Kept(7, Integer.toString(version), KeptObjects.keptPart(written), KeptObjects.print(written), pending);
    }

    @Test
    void theSameLegacyVersionReadsWithTheKeptMetadataAndTheRowsOwnAnnotations() {
        ObjectNode object = built(3, "A");

        KeptObjects.merge(DASHBOARDS, object, Optional.of(keptAt(3, "A", Optional.empty())));

        assertThat(object.at("/metadata/uid").asText()).isEqualTo("kept-uid");
        assertThat(object.at("/metadata/labels")).isEqualTo(object("{'grafana.app/deprecatedInternalID':'7','team':'a'}"));
        assertThat(object.at("/metadata/annotations/note").asText()).isEqualTo("kept");
        assertThat(object.at("/metadata/annotations/grafana.app~1folder").asText()).isEqualTo("f1");
        assertThat(object.at("/metadata/managedFields")).isEqualTo(parse(KUBECTL_OWNS_TITLE));
    }

    @Test
    void aLaterVersionWrittenAroundTheGatewayKeepsLabelsAndGivesTheChangedFieldToTheLegacyManager() {
        ObjectNode object = built(4, "Changed on the legacy side");

        KeptObjects.merge(DASHBOARDS, object, Optional.of(keptAt(3, "A", Optional.empty())));

        assertThat(object.at("/metadata/labels/team").asText()).isEqualTo("a");
        assertThat(object.at("/metadata/uid").asText()).isEqualTo("kept-uid");
        assertThat(object.at("/metadata/managedFields/0/manager").asText()).isEqualTo("kubectl");
        assertThat(object.at("/metadata/managedFields/0/fieldsV1/f:spec").isMissingNode()).isTrue();
        assertThat(object.at("/metadata/managedFields/1/manager").asText()).isEqualTo(KeptObjects.LEGACY_MANAGER);
        assertThat(object.at("/metadata/managedFields/1/fieldsV1")).isEqualTo(object("{'f:spec':{'f:title':{}}}"));
        assertThat(object.at("/metadata/managedFields/1/time").asText()).isEqualTo("2024-01-02T00:00:00Z");
    }

    @Test
    void aWriteThatLandedBeforeTheGatewayStoppedReadsWithItsPendingMetadata() {
        ObjectNode pendingMetadata = object("{'labels':{'team':'b'},'annotations':{'note':'pending'}}");
        ObjectNode landed = built(4, "B");
        Kept kept = keptAt(3, "A", Optional.of(new Pending(pendingMetadata, KeptObjects.specPrint(landed))));

        KeptObjects.merge(DASHBOARDS, landed, Optional.of(kept));

        assertThat(landed.at("/metadata/labels/team").asText()).isEqualTo("b");
        assertThat(landed.at("/metadata/annotations/note").asText()).isEqualTo("pending");
        assertThat(landed.at("/metadata/managedFields").isMissingNode()).isTrue();

        ObjectNode notLanded = built(3, "A");
        KeptObjects.merge(DASHBOARDS, notLanded, Optional.of(kept));
        assertThat(notLanded.at("/metadata/labels/team").asText()).as("the write did not land: the old metadata").isEqualTo("a");
    }

    @Test
    void metadataKeptForAnotherLegacyIdIsNotShownAndTheUidIsDerivedAlikeOnEveryRead() {
        ObjectNode recreated = built(1, "A");
        recreated.withObjectProperty("metadata").withObjectProperty("labels").put("grafana.app/deprecatedInternalID", "8");
        ObjectNode again = recreated.deepCopy();

        KeptObjects.merge(DASHBOARDS, recreated, Optional.of(keptAt(1, "A", Optional.empty())));
        KeptObjects.merge(DASHBOARDS, again, Optional.empty());

        assertThat(recreated.at("/metadata/labels/team").isMissingNode()).isTrue();
        assertThat(recreated.at("/metadata/uid").asText()).isNotEqualTo("kept-uid").isEqualTo(again.at("/metadata/uid").asText())
                .isEqualTo(KeptObjects.derivedUid(DASHBOARDS, "default", "d1", 8));
    }

    @Test
    void theRowsOwnLabelsAndAnnotationsAreNeverKept() {
        ObjectNode written = built(3, "A");
        written.withObjectProperty("metadata").withObjectProperty("labels").put("team", "a");

        ObjectNode kept = KeptObjects.keptPart(written);

        assertThat(kept.path("labels")).isEqualTo(object("{'team':'a'}"));
        assertThat(kept.has("annotations")).isFalse();
        assertThat(kept.path("creationTimestamp").asText()).isEqualTo("2024-01-01T09:00:00Z");
    }

    private static ObjectNode object(String json) {
        return (ObjectNode) parse(json);
    }

    private static com.fasterxml.jackson.databind.JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(json, e);
        }
    }
}
