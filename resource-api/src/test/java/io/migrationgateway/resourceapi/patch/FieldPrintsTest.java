package io.migrationgateway.resourceapi.patch;

import static io.migrationgateway.resourceapi.patch.Json.object;
import static io.migrationgateway.resourceapi.patch.Json.parse;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FieldPrintsTest {
    private static final String V1BETA1 = "dashboard.grafana.app/v1beta1";
    private static final Instant T1 = Instant.parse("2024-01-01T11:00:00Z");

    @Test
    void aPrintHasTheObjectsFieldsEachHashedWithoutManagedFields() {
        ObjectNode print = FieldPrints.print(object("""
                {'metadata':{'name':'d1','labels':{'team':'ops'},'managedFields':[{'manager':'m'}]},
                 'spec':{'title':'A','panels':[{'id':1},{'id':2}],'options':{}}}"""));

        assertThat(print.at("/metadata/managedFields").isMissingNode()).isTrue();
        assertThat(print.at("/spec/options")).isEqualTo(parse("{}"));
        assertThat(print.at("/spec/panels").asText()).hasSize(24).isNotEqualTo(print.at("/spec/title").asText());
        assertThat(print.at("/metadata/labels/team").isTextual()).isTrue();
    }

    @Test
    void equalValuesPrintAlikeWhateverTheirKeyOrderOrWhetherTheyAreStillText() {
        ObjectNode parsed = object("{'spec':{'panels':[{'id':1,'type':'graph'}]}}");
        ObjectNode reordered = object("{'spec':{'panels':[{'type':'graph','id':1}]}}");
        ObjectNode raw = JsonNodeFactory.instance.objectNode();
        raw.set("spec", new POJONode(new RawValue("{\"panels\":[{\"id\":1,\"type\":\"graph\"}]}")));

        assertThat(FieldPrints.print(reordered)).isEqualTo(FieldPrints.print(parsed));
        assertThat(FieldPrints.print(raw)).isEqualTo(FieldPrints.print(parsed));
        assertThat(FieldPrints.print(object("{'spec':{'panels':[{'type':'graph','id':2}]}}")))
                .isNotEqualTo(FieldPrints.print(parsed));
    }

    @Test
    void aChangeSeenOnlyThroughPrintsGivesTheChangedFieldsToItsManager() {
        ObjectNode applied = object("""
                {'metadata':{'name':'d1','labels':{'team':'ops'}},'spec':{'title':'A','panels':[]}}""");
        ObjectNode managed = object("""
                {'m':[{'manager':'kubectl','operation':'Apply','apiVersion':'dashboard.grafana.app/v1beta1',
                  'time':'2024-01-01T10:00:00Z','fieldsType':'FieldsV1',
                  'fieldsV1':{'f:metadata':{'f:labels':{'f:team':{}}},'f:spec':{'f:panels':{},'f:title':{}}}}]}""");
        ObjectNode before = FieldPrints.print(applied);
        ObjectNode changed = object("""
                {'metadata':{'name':'d1','labels':{'team':'ops'}},'spec':{'title':'B','panels':[]}}""");

        FieldPrints.recordChange(changed, before, managed.get("m"), FieldPrints.print(changed), "grafana-legacy-api", V1BETA1, T1);

        assertThat(changed.at("/metadata/managedFields")).isEqualTo(parse("""
                [{'manager':'kubectl','operation':'Apply','apiVersion':'dashboard.grafana.app/v1beta1',
                  'time':'2024-01-01T10:00:00Z','fieldsType':'FieldsV1',
                  'fieldsV1':{'f:metadata':{'f:labels':{'f:team':{}}},'f:spec':{'f:panels':{}}}},
                 {'manager':'grafana-legacy-api','operation':'Update','apiVersion':'dashboard.grafana.app/v1beta1',
                  'time':'2024-01-01T11:00:00Z','fieldsType':'FieldsV1','fieldsV1':{'f:spec':{'f:title':{}}}}]"""));
    }
}
