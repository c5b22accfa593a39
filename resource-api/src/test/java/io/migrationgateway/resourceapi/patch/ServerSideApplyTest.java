package io.migrationgateway.resourceapi.patch;

import static io.migrationgateway.resourceapi.patch.Json.object;
import static io.migrationgateway.resourceapi.patch.Json.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ServerSideApplyTest {
    private static final String V1BETA1 = "dashboard.grafana.app/v1beta1";
    private static final Instant T0 = Instant.parse("2024-01-01T10:00:00.250Z");
    private static final Instant T1 = Instant.parse("2024-01-01T11:00:00Z");
    private static final Instant T2 = Instant.parse("2024-01-01T12:00:00Z");

    /** A manifest as kubectl sends it, with {@code metadataExtra} and {@code spec} spliced in. */
    private static ObjectNode manifest(String metadataExtra, String spec) {
        return object("{'apiVersion':'" + V1BETA1 + "','kind':'Dashboard','metadata':{'name':'d1','namespace':'default'"
                + metadataExtra + "},'spec':" + spec + "}");
    }

    private static ObjectNode manifest(String spec) {
        return manifest("", spec);
    }

    /** What the store adds on write: these fields are never owned. */
    private static ObjectNode stored(ObjectNode object) {
        ObjectNode metadata = (ObjectNode) object.get("metadata");
        metadata.put("uid", "u-1").put("resourceVersion", "7").put("generation", 1)
                .put("creationTimestamp", "2024-01-01T09:00:00Z");
        return object;
    }

    /** The fieldsV1 of {@code manager}'s entry with {@code operation}, or null when there is none. */
    private static JsonNode fieldsOf(ObjectNode object, String manager, String operation) {
        for (JsonNode entry : object.path("metadata").path("managedFields")) {
            if (entry.path("manager").asText().equals(manager) && entry.path("operation").asText().equals(operation)) {
                return entry.get("fieldsV1");
            }
        }
        return null;
    }

    /** kubectl's client-side apply: POST with manager kubectl-client-side-apply. */
    private static ObjectNode createdByClientSideApply(String spec) {
        ObjectNode created = manifest(",'annotations':{'kubectl.kubernetes.io/last-applied-configuration':'{}'}", spec);
        ManagedFields.recordUpdate(null, created, "kubectl-client-side-apply", V1BETA1, T0);
        return stored(created);
    }

    @Test
    void createsAnAbsentObjectOwnedByTheApplier() {
        ObjectNode result = ServerSideApply.apply(null, manifest("{'title':'A','panels':[{'id':1}]}"), "kubectl", false, T1);

        assertThat(result.get("apiVersion").asText()).isEqualTo(V1BETA1);
        assertThat(result.get("kind").asText()).isEqualTo("Dashboard");
        assertThat(result.get("metadata").get("name").asText()).isEqualTo("d1");
        assertThat(result.get("metadata").get("namespace").asText()).isEqualTo("default");
        assertThat(result.get("spec")).isEqualTo(parse("{'title':'A','panels':[{'id':1}]}"));
        assertThat(result.get("metadata").get("managedFields")).isEqualTo(parse("""
                [{'manager':'kubectl','operation':'Apply','apiVersion':'dashboard.grafana.app/v1beta1',
                  'time':'2024-01-01T11:00:00Z','fieldsType':'FieldsV1',
                  'fieldsV1':{'f:spec':{'f:panels':{},'f:title':{}}}}]"""));
    }

    @Test
    void applyingTheSameValuesAsClientSideApplySharesOwnership() {
        ObjectNode live = createdByClientSideApply("{'title':'A'}");

        ObjectNode result = ServerSideApply.apply(live, manifest("{'title':'A'}"), "kubectl", false, T1);

        assertThat(result.get("spec")).isEqualTo(parse("{'title':'A'}"));
        assertThat(fieldsOf(result, "kubectl", "Apply")).isEqualTo(parse("{'f:spec':{'f:title':{}}}"));
        assertThat(fieldsOf(result, "kubectl-client-side-apply", "Update").path("f:spec").has("f:title")).isTrue();
    }

    @Test
    void changingAValueAnotherManagerOwnsConflicts() {
        ObjectNode live = createdByClientSideApply("{'title':'A'}");

        ApplyConflictException e = catchThrowableOfType(ApplyConflictException.class,
                () -> ServerSideApply.apply(live, manifest("{'title':'B'}"), "kubectl", false, T1));

        assertThat(e.getMessage()).isEqualTo("Apply failed with 1 conflict: conflict with "
                + "\"kubectl-client-side-apply\" using dashboard.grafana.app/v1beta1: .spec.title");
        assertThat(e.conflicts()).containsExactly(new ApplyConflictException.Conflict("kubectl-client-side-apply",
                ".spec.title", "conflict with \"kubectl-client-side-apply\" using dashboard.grafana.app/v1beta1"));
        assertThat(e.getStackTrace()).isEmpty();
    }

    @Test
    void severalConflictsAreGroupedByManager() {
        ObjectNode live = createdByClientSideApply("{'title':'A','refresh':'5s'}");
        ObjectNode edited = (ObjectNode) MergePatch.apply(live, parse("{'spec':{'timezone':'utc'}}"));
        ManagedFields.recordUpdate(live, edited, "kubectl-edit", V1BETA1, T1);

        ApplyConflictException e = catchThrowableOfType(ApplyConflictException.class, () -> ServerSideApply.apply(
                edited, manifest("{'title':'B','refresh':'1m','timezone':'browser'}"), "kubectl", false, T2));

        assertThat(e.getMessage()).isEqualTo("""
                Apply failed with 3 conflicts: conflicts with "kubectl-client-side-apply" using \
                dashboard.grafana.app/v1beta1:
                - .spec.refresh
                - .spec.title
                conflicts with "kubectl-edit" using dashboard.grafana.app/v1beta1:
                - .spec.timezone""");
        assertThat(e.conflicts()).extracting(ApplyConflictException.Conflict::field)
                .containsExactly(".spec.refresh", ".spec.title", ".spec.timezone");
    }

    @Test
    void forceMovesConflictingFieldsToTheApplier() {
        ObjectNode live = createdByClientSideApply("{'title':'A','refresh':'5s'}");

        ObjectNode result = ServerSideApply.apply(live, manifest("{'title':'B','refresh':'5s'}"), "kubectl", true, T1);

        assertThat(result.get("spec")).isEqualTo(parse("{'title':'B','refresh':'5s'}"));
        assertThat(fieldsOf(result, "kubectl", "Apply")).isEqualTo(parse("{'f:spec':{'f:refresh':{},'f:title':{}}}"));
        JsonNode clientSide = fieldsOf(result, "kubectl-client-side-apply", "Update");
        assertThat(clientSide.path("f:spec").has("f:title")).isFalse();
        assertThat(clientSide.path("f:spec").has("f:refresh")).isTrue();
    }

    @Test
    void fieldOmittedFromALaterApplyIsRemoved() {
        ObjectNode live = stored(ServerSideApply.apply(null, manifest("{'title':'A','description':'d'}"), "kubectl",
                false, T0));

        ObjectNode result = ServerSideApply.apply(live, manifest("{'title':'A'}"), "kubectl", false, T1);

        assertThat(result.get("spec")).isEqualTo(parse("{'title':'A'}"));
        assertThat(fieldsOf(result, "kubectl", "Apply")).isEqualTo(parse("{'f:spec':{'f:title':{}}}"));
        assertThat(result.at("/metadata/managedFields/0/time").asText()).isEqualTo("2024-01-01T11:00:00Z");
    }

    @Test
    void omittedFieldAnotherManagerAlsoOwnsIsKept() {
        ObjectNode live = createdByClientSideApply("{'title':'A','description':'d'}");
        ObjectNode shared = stored(ServerSideApply.apply(live, manifest("{'title':'A','description':'d'}"), "kubectl",
                false, T1));

        ObjectNode result = ServerSideApply.apply(shared, manifest("{'title':'A'}"), "kubectl", false, T2);

        assertThat(result.get("spec")).isEqualTo(parse("{'title':'A','description':'d'}"));
        assertThat(fieldsOf(result, "kubectl", "Apply")).isEqualTo(parse("{'f:spec':{'f:title':{}}}"));
        assertThat(fieldsOf(result, "kubectl-client-side-apply", "Update").path("f:spec").has("f:description"))
                .isTrue();
    }

    @Test
    void listsAreAtomic() {
        ObjectNode live = stored(ServerSideApply.apply(null, manifest("{'panels':[{'id':1},{'id':2}]}"), "kubectl",
                false, T0));

        ObjectNode result = ServerSideApply.apply(live, manifest("{'panels':[{'id':3}]}"), "kubectl", false, T1);
        assertThat(result.get("spec")).isEqualTo(parse("{'panels':[{'id':3}]}"));
        assertThat(fieldsOf(result, "kubectl", "Apply")).isEqualTo(parse("{'f:spec':{'f:panels':{}}}"));

        ObjectNode edited = (ObjectNode) JsonPatch.apply(result, parse("[{'op':'add','path':'/spec/panels/-','value':{'id':4}}]"), 1 << 20);
        ManagedFields.recordUpdate(result, edited, "grafana-ui", V1BETA1, T1);
        assertThatThrownBy(() -> ServerSideApply.apply(edited, manifest("{'panels':[{'id':3}]}"), "kubectl", false, T2))
                .isInstanceOf(ApplyConflictException.class)
                .hasMessageEndingWith("conflict with \"grafana-ui\" using dashboard.grafana.app/v1beta1: .spec.panels");
    }

    @Test
    void labelsAndAnnotationsAreOwnedKeyByKey() {
        ObjectNode live = stored(ServerSideApply.apply(null, manifest(",'labels':{'env':'prod'}", "{'title':'A'}"),
                "kubectl", false, T0));
        ObjectNode labelled = (ObjectNode) MergePatch.apply(live,
                parse("{'metadata':{'labels':{'team':'ops'},'annotations':{'note':'x'}}}"));
        ManagedFields.recordUpdate(live, labelled, "kubectl-label", V1BETA1, T1);

        ObjectNode moreLabels = ServerSideApply.apply(labelled,
                manifest(",'labels':{'env':'prod','tier':'1'}", "{'title':'A'}"), "kubectl", false, T2);
        assertThat(moreLabels.at("/metadata/labels")).isEqualTo(parse("{'env':'prod','team':'ops','tier':'1'}"));
        assertThat(moreLabels.at("/metadata/annotations")).isEqualTo(parse("{'note':'x'}"));

        ObjectNode noLabels = ServerSideApply.apply(moreLabels, manifest("{'title':'A'}"), "kubectl", false, T2);
        assertThat(noLabels.at("/metadata/labels")).isEqualTo(parse("{'team':'ops'}"));
        assertThat(fieldsOf(noLabels, "kubectl", "Apply")).isEqualTo(parse("{'f:spec':{'f:title':{}}}"));
    }

    @Test
    void mapEmptiedByRemovalsIsRemoved() {
        ObjectNode live = stored(ServerSideApply.apply(null, manifest(",'labels':{'env':'prod'}", "{'title':'A'}"),
                "kubectl", false, T0));

        ObjectNode result = ServerSideApply.apply(live, manifest("{'title':'A'}"), "kubectl", false, T1);

        assertThat(result.get("metadata").has("labels")).isFalse();
        assertThat(result.get("spec")).isEqualTo(parse("{'title':'A'}"));
    }

    @Test
    void emptyObjectInTheConfigurationKeepsWhatOthersPutInIt() {
        ObjectNode live = createdByClientSideApply("{'title':'A','options':{'x':1}}");

        ObjectNode result = ServerSideApply.apply(live, manifest("{'title':'A','options':{}}"), "kubectl", false, T1);

        assertThat(result.at("/spec/options")).isEqualTo(parse("{'x':1}"));
        assertThat(fieldsOf(result, "kubectl", "Apply")).isEqualTo(parse("{'f:spec':{'f:options':{},'f:title':{}}}"));
    }

    @Test
    void reapplyingTheSameConfigurationChangesNothing() {
        ObjectNode live = stored(ServerSideApply.apply(null, manifest(",'labels':{'env':'prod'}", "{'title':'A'}"),
                "kubectl", false, T0));

        ObjectNode result = ServerSideApply.apply(live, manifest(",'labels':{'env':'prod'}", "{'title':'A'}"),
                "kubectl", false, T2);

        assertThat(result).isEqualTo(live).isNotSameAs(live);
    }

    @Test
    void updateThroughMergePatchTakesOwnershipSoTheNextApplyConflicts() {
        ObjectNode live = stored(ServerSideApply.apply(null, manifest("{'title':'A','refresh':'5s'}"), "kubectl",
                false, T0));
        ObjectNode edited = (ObjectNode) MergePatch.apply(live, parse("{'spec':{'title':'B'}}"));
        ManagedFields.recordUpdate(live, edited, "kubectl-edit", V1BETA1, T1);

        assertThat(fieldsOf(edited, "kubectl", "Apply")).isEqualTo(parse("{'f:spec':{'f:refresh':{}}}"));
        assertThat(fieldsOf(edited, "kubectl-edit", "Update")).isEqualTo(parse("{'f:spec':{'f:title':{}}}"));
        assertThatThrownBy(() -> ServerSideApply.apply(edited, manifest("{'title':'A','refresh':'5s'}"), "kubectl",
                false, T2))
                .hasMessage("Apply failed with 1 conflict: conflict with \"kubectl-edit\" using "
                        + "dashboard.grafana.app/v1beta1: .spec.title");
    }

    @Test
    void objectWithoutManagedFieldsIsOwnedByBeforeFirstApply() {
        ObjectNode legacy = stored(manifest("{'title':'A','refresh':'5s'}"));

        assertThatThrownBy(() -> ServerSideApply.apply(legacy, manifest("{'title':'B'}"), "kubectl", false, T1))
                .hasMessage("Apply failed with 1 conflict: conflict with \"before-first-apply\" using "
                        + "dashboard.grafana.app/v1beta1: .spec.title");
        ObjectNode result = ServerSideApply.apply(legacy, manifest("{'title':'A'}"), "kubectl", false, T1);
        assertThat(fieldsOf(result, "before-first-apply", "Update"))
                .isEqualTo(parse("{'f:spec':{'f:refresh':{},'f:title':{}}}"));
    }

    @Test
    void identityAndServerFieldsAreNeverOwned() {
        ObjectNode applied = manifest(",'uid':'u-9','resourceVersion':'3','labels':{'a':'b'}", "{'title':'A'}");

        ObjectNode result = ServerSideApply.apply(null, applied, "kubectl", false, T0);

        assertThat(fieldsOf(result, "kubectl", "Apply"))
                .isEqualTo(parse("{'f:metadata':{'f:labels':{'f:a':{}}},'f:spec':{'f:title':{}}}"));
        assertThat(result.get("metadata").has("uid")).isFalse();
    }

    @Test
    void leavesItsArgumentsUntouched() {
        ObjectNode live = createdByClientSideApply("{'title':'A'}");
        ObjectNode liveCopy = live.deepCopy();
        ObjectNode applied = manifest("{'title':'B'}");
        ObjectNode appliedCopy = applied.deepCopy();

        ServerSideApply.apply(live, applied, "kubectl", true, T1);

        assertThat(live).isEqualTo(liveCopy);
        assertThat(applied).isEqualTo(appliedCopy);
    }

    @Test
    void requiresAFieldManager() {
        for (String manager : new String[] {null, "", " "}) {
            PatchException e = catchThrowableOfType(PatchException.class,
                    () -> ServerSideApply.apply(null, manifest("{}"), manager, false, T0));

            assertThat(e.kind()).isEqualTo(PatchException.Kind.BAD_REQUEST);
            assertThat(e.getMessage()).isEqualTo("PATCH /apply requires a fieldManager");
        }
    }
}
