package io.migrationgateway.resourceapi.patch;

import static io.migrationgateway.resourceapi.patch.Json.object;
import static io.migrationgateway.resourceapi.patch.Json.parse;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ManagedFieldsTest {
    private static final String V1BETA1 = "dashboard.grafana.app/v1beta1";
    private static final Instant T0 = Instant.parse("2024-01-01T10:00:00.999Z");
    private static final Instant T1 = Instant.parse("2024-01-01T11:00:00Z");

    private static ObjectNode created(String manager) {
        ObjectNode object = object("""
                {'apiVersion':'dashboard.grafana.app/v1beta1','kind':'Dashboard',
                 'metadata':{'name':'d1','namespace':'default','uid':'u-1','resourceVersion':'1',
                             'labels':{'team':'ops'}},
                 'spec':{'title':'A','panels':[{'id':1}],'options':{}}}""");
        ManagedFields.recordUpdate(null, object, manager, V1BETA1, T0);
        return object;
    }

    @Test
    void createMakesTheManagerOwnerOfEveryFieldButIdentity() {
        ObjectNode object = created("kubectl-client-side-apply");

        assertThat(object.at("/metadata/managedFields")).isEqualTo(parse("""
                [{'manager':'kubectl-client-side-apply','operation':'Update',
                  'apiVersion':'dashboard.grafana.app/v1beta1','time':'2024-01-01T10:00:00Z','fieldsType':'FieldsV1',
                  'fieldsV1':{'f:metadata':{'f:labels':{'f:team':{}}},
                              'f:spec':{'f:options':{},'f:panels':{},'f:title':{}}}}]"""));
    }

    @Test
    void updateGivesChangedFieldsToTheUpdaterAndTakesThemFromOthers() {
        ObjectNode before = created("kubectl-client-side-apply");
        ObjectNode after = (ObjectNode) MergePatch.apply(before, parse("{'spec':{'title':'B','refresh':'1m'}}"));

        ManagedFields.recordUpdate(before, after, "kubectl-edit", V1BETA1, T1);

        assertThat(after.at("/metadata/managedFields/0/fieldsV1")).isEqualTo(
                parse("{'f:metadata':{'f:labels':{'f:team':{}}},'f:spec':{'f:options':{},'f:panels':{}}}"));
        assertThat(after.at("/metadata/managedFields/0/time").asText()).isEqualTo("2024-01-01T10:00:00Z");
        assertThat(after.at("/metadata/managedFields/1")).isEqualTo(parse("""
                {'manager':'kubectl-edit','operation':'Update','apiVersion':'dashboard.grafana.app/v1beta1',
                 'time':'2024-01-01T11:00:00Z','fieldsType':'FieldsV1',
                 'fieldsV1':{'f:spec':{'f:refresh':{},'f:title':{}}}}"""));
    }

    @Test
    void removedFieldsAreOwnedByNobodyAndEmptyEntriesAreDropped() {
        ObjectNode before = created("creator");
        ObjectNode labelled = (ObjectNode) MergePatch.apply(before, parse("{'metadata':{'labels':{'env':'prod'}}}"));
        ManagedFields.recordUpdate(before, labelled, "kubectl-label", V1BETA1, T1);

        ObjectNode unlabelled = (ObjectNode) MergePatch.apply(labelled, parse("{'metadata':{'labels':{'env':null}}}"));
        ManagedFields.recordUpdate(labelled, unlabelled, "kubectl-label", V1BETA1, T1);

        assertThat(unlabelled.at("/metadata/managedFields")).hasSize(1);
        assertThat(unlabelled.at("/metadata/managedFields/0/manager").asText()).isEqualTo("creator");
    }

    @Test
    void storedManagedFieldsWinOverTheClients() {
        ObjectNode before = created("creator");
        ObjectNode after = before.deepCopy();
        ((ObjectNode) after.get("metadata")).set("managedFields",
                parse("[{'manager':'forged','operation':'Update','fieldsV1':{'f:spec':{'f:title':{}}}}]"));

        ManagedFields.recordUpdate(before, after, "kubectl-replace", V1BETA1, T1);

        assertThat(after.at("/metadata/managedFields")).isEqualTo(before.at("/metadata/managedFields"));
    }

    @Test
    void clientManagedFieldsAreDroppedOnCreate() {
        ObjectNode object = object("""
                {'metadata':{'name':'d1','managedFields':[{'manager':'forged','operation':'Apply',
                 'fieldsV1':{'f:spec':{'f:title':{}}}}]},'spec':{'title':'A'}}""");

        ManagedFields.recordUpdate(null, object, "creator", V1BETA1, T0);

        assertThat(object.at("/metadata/managedFields")).hasSize(1);
        assertThat(object.at("/metadata/managedFields/0/manager").asText()).isEqualTo("creator");
    }

    @Test
    void withoutFieldManagerNobodyGainsFields() {
        ObjectNode before = created("creator");
        ObjectNode after = (ObjectNode) MergePatch.apply(before, parse("{'spec':{'title':'B','refresh':'1m'}}"));

        ManagedFields.recordUpdate(before, after, null, V1BETA1, T1);

        assertThat(after.at("/metadata/managedFields")).isEqualTo(before.at("/metadata/managedFields"));
        ObjectNode anonymous = object("{'metadata':{'name':'d2'},'spec':{'title':'A'}}");
        ManagedFields.recordUpdate(null, anonymous, null, V1BETA1, T1);
        assertThat(anonymous.get("metadata").has("managedFields")).isFalse();
    }

    @Test
    void updateThatChangesNothingKeepsTheEntryTime() {
        ObjectNode before = created("creator");
        ObjectNode after = before.deepCopy();
        ((ObjectNode) after.get("metadata")).put("resourceVersion", "2");

        ManagedFields.recordUpdate(before, after, "creator", V1BETA1, T1);

        assertThat(after.at("/metadata/managedFields")).isEqualTo(before.at("/metadata/managedFields"));
    }

    @Test
    void entriesAreOrderedApplyFirstThenOldestFirst() {
        ObjectNode applied = ServerSideApply.apply(null, object("""
                {'apiVersion':'dashboard.grafana.app/v1beta1','kind':'Dashboard','metadata':{'name':'d1'},
                 'spec':{'title':'A'}}"""), "kubectl", false, T1);
        ObjectNode edited = (ObjectNode) MergePatch.apply(applied, parse("{'spec':{'b':1}}"));
        ManagedFields.recordUpdate(applied, edited, "z-editor", V1BETA1, T0);
        ObjectNode again = (ObjectNode) MergePatch.apply(edited, parse("{'spec':{'c':1}}"));
        ManagedFields.recordUpdate(edited, again, "a-editor", V1BETA1, T1);

        assertThat(again.at("/metadata/managedFields").findValuesAsText("manager"))
                .containsExactly("kubectl", "z-editor", "a-editor");
    }

    @Test
    void fieldsV1MarksAnOwnedObjectThatHasOwnedMembers() {
        FieldSet fields = FieldSet.leavesOf(parse("{'spec':{'options':{}}}"))
                .union(FieldSet.leavesOf(parse("{'spec':{'options':{'x':1}}}")));

        JsonNode fieldsV1 = fields.toFieldsV1();

        assertThat(fieldsV1).isEqualTo(parse("{'f:spec':{'f:options':{'.':{},'f:x':{}}}}"));
        assertThat(FieldSet.fromFieldsV1(fieldsV1)).isEqualTo(fields);
    }

    @Test
    void listItemKeysFromARealApiserverOwnTheWholeList() {
        FieldSet fields = FieldSet.fromFieldsV1(parse("""
                {'f:metadata':{'f:ownerReferences':{'.':{},'k:{"uid":"1"}':{'.':{},'f:kind':{}}}},
                 'f:spec':{'f:tags':{'v:"a"':{}}}}"""));

        assertThat(fields.paths()).containsExactly(FieldPath.of("metadata", "ownerReferences"),
                FieldPath.of("spec", "tags"));
    }
}
