package io.migrationgateway.resourceapi.patch;

import static io.migrationgateway.resourceapi.patch.Json.parse;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class MergePatchTest {

    @Test
    void nullRemovesMember() {
        JsonNode result = MergePatch.apply(parse("{'metadata':{'labels':{'team':'a','env':'b'}}}"),
                parse("{'metadata':{'labels':{'team':null}}}"));

        assertThat(result).isEqualTo(parse("{'metadata':{'labels':{'env':'b'}}}"));
    }

    @Test
    void objectsMergeRecursivelyAndOtherValuesReplace() {
        JsonNode result = MergePatch.apply(parse("{'spec':{'title':'a','tags':['x','y'],'refresh':'5s'}}"),
                parse("{'spec':{'title':'b','tags':['z']},'metadata':{'annotations':{'k':'v'}}}"));

        assertThat(result).isEqualTo(
                parse("{'spec':{'title':'b','tags':['z'],'refresh':'5s'},'metadata':{'annotations':{'k':'v'}}}"));
    }

    @Test
    void objectPatchReplacesNonObjectMember() {
        JsonNode result = MergePatch.apply(parse("{'spec':'text'}"), parse("{'spec':{'title':'a','gone':null}}"));

        assertThat(result).isEqualTo(parse("{'spec':{'title':'a'}}"));
    }

    @Test
    void nonObjectPatchReplacesWholeTarget() {
        assertThat(MergePatch.apply(parse("{'spec':{}}"), parse("['a']"))).isEqualTo(parse("['a']"));
        assertThat(MergePatch.apply(parse("{'spec':{}}"), parse("null")).isNull()).isTrue();
    }

    @Test
    void leavesInputsUntouched() {
        JsonNode target = parse("{'spec':{'title':'a','nested':{'x':1}}}");
        JsonNode patch = parse("{'spec':{'title':null,'nested':{'y':2}}}");

        JsonNode result = MergePatch.apply(target, patch);
        ((ObjectNode) result.get("spec").get("nested")).put("z", 3);

        assertThat(target).isEqualTo(parse("{'spec':{'title':'a','nested':{'x':1}}}"));
        assertThat(patch).isEqualTo(parse("{'spec':{'title':null,'nested':{'y':2}}}"));
    }
}
