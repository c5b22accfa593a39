package io.migrationgateway.resourceapi.patch;

import static io.migrationgateway.resourceapi.patch.Json.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class JsonPatchTest {
    private static final JsonNode DASHBOARD = parse("{'spec':{'title':'a','tags':['x']}}");

    @Test
    void appliesOperationsInOrder() {
        JsonNode result = JsonPatch.apply(DASHBOARD, parse("""
                [{'op':'test','path':'/spec/title','value':'a'},
                 {'op':'replace','path':'/spec/title','value':'b'},
                 {'op':'add','path':'/spec/tags/-','value':'y'},
                 {'op':'add','path':'/metadata','value':{'labels':{'team':'t'}}}]"""));

        assertThat(result).isEqualTo(parse("{'spec':{'title':'b','tags':['x','y']},'metadata':{'labels':{'team':'t'}}}"));
        assertThat(DASHBOARD).isEqualTo(parse("{'spec':{'title':'a','tags':['x']}}"));
    }

    @Test
    void patchThatIsNotAnArrayIsBadRequest() {
        PatchException e = catchThrowableOfType(PatchException.class,
                () -> JsonPatch.apply(DASHBOARD, parse("{'spec':{'title':'b'}}")));

        assertThat(e.kind()).isEqualTo(PatchException.Kind.BAD_REQUEST);
        assertThat(e.getMessage()).contains("not an array");
        assertThat(e.getStackTrace()).isEmpty();
    }

    @Test
    void malformedOperationsAreBadRequest() {
        for (String patch : new String[] {"[{'op':'bogus','path':'/spec'}]", "[{'op':'add','path':'/spec/x'}]",
                "[{'op':'add','path':'spec/x','value':1}]"}) {
            PatchException e = catchThrowableOfType(PatchException.class, () -> JsonPatch.apply(DASHBOARD, parse(patch)));

            assertThat(e.kind()).as(patch).isEqualTo(PatchException.Kind.BAD_REQUEST);
        }
    }

    @Test
    void failedTestIsInvalid() {
        PatchException e = catchThrowableOfType(PatchException.class,
                () -> JsonPatch.apply(DASHBOARD, parse("[{'op':'test','path':'/spec/title','value':'z'}]")));

        assertThat(e.kind()).isEqualTo(PatchException.Kind.INVALID);
        assertThat(e.getMessage()).startsWith("the server rejected our request due to an error in our request: ")
                .contains("z");
    }

    @Test
    void missingPathsAreInvalid() {
        for (String patch : new String[] {"[{'op':'remove','path':'/spec/nope'}]",
                "[{'op':'replace','path':'/spec/nope','value':1}]", "[{'op':'add','path':'/nope/x','value':1}]",
                "[{'op':'add','path':'/spec/tags/foo','value':1}]"}) {
            PatchException e = catchThrowableOfType(PatchException.class, () -> JsonPatch.apply(DASHBOARD, parse(patch)));

            assertThat(e.kind()).as(patch).isEqualTo(PatchException.Kind.INVALID);
        }
    }
}
