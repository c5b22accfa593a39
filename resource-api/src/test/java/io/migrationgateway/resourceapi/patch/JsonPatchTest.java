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
                 {'op':'add','path':'/metadata','value':{'labels':{'team':'t'}}}]"""), 1 << 20);

        assertThat(result).isEqualTo(parse("{'spec':{'title':'b','tags':['x','y']},'metadata':{'labels':{'team':'t'}}}"));
        assertThat(DASHBOARD).isEqualTo(parse("{'spec':{'title':'a','tags':['x']}}"));
    }

    @Test
    void patchThatIsNotAnArrayIsBadRequest() {
        PatchException e = catchThrowableOfType(PatchException.class,
                () -> JsonPatch.apply(DASHBOARD, parse("{'spec':{'title':'b'}}"), 1 << 20));

        assertThat(e.kind()).isEqualTo(PatchException.Kind.BAD_REQUEST);
        assertThat(e.getMessage()).contains("not an array");
        assertThat(e.getStackTrace()).isEmpty();
    }

    @Test
    void malformedOperationsAreBadRequest() {
        for (String patch : new String[] {"[{'op':'bogus','path':'/spec'}]", "[{'op':'add','path':'/spec/x'}]",
                "[{'op':'add','path':'spec/x','value':1}]"}) {
            PatchException e = catchThrowableOfType(PatchException.class, () -> JsonPatch.apply(DASHBOARD, parse(patch), 1 << 20));

            assertThat(e.kind()).as(patch).isEqualTo(PatchException.Kind.BAD_REQUEST);
        }
    }

    @Test
    void failedTestIsInvalid() {
        PatchException e = catchThrowableOfType(PatchException.class,
                () -> JsonPatch.apply(DASHBOARD, parse("[{'op':'test','path':'/spec/title','value':'z'}]"), 1 << 20));

        assertThat(e.kind()).isEqualTo(PatchException.Kind.INVALID);
        assertThat(e.getMessage()).startsWith("the server rejected our request due to an error in our request: ")
                .contains("z");
    }

    @Test
    void missingPathsAreInvalid() {
        for (String patch : new String[] {"[{'op':'remove','path':'/spec/nope'}]",
                "[{'op':'replace','path':'/spec/nope','value':1}]", "[{'op':'add','path':'/nope/x','value':1}]",
                "[{'op':'add','path':'/spec/tags/foo','value':1}]"}) {
            PatchException e = catchThrowableOfType(PatchException.class, () -> JsonPatch.apply(DASHBOARD, parse(patch), 1 << 20));

            assertThat(e.kind()).as(patch).isEqualTo(PatchException.Kind.INVALID);
        }
    }

    @Test
    void copiesThatWouldDoubleTheObjectPastTheLimitAreRefusedBeforeTheyAreMade() {
        StringBuilder patch = new StringBuilder("[");
        for (int i = 0; i < 25; i++) {
            patch.append(i == 0 ? "" : ",").append("{'op':'copy','from':'/spec','path':'/spec/c").append(i).append("'}");
        }
        long started = System.nanoTime();

        PatchException e = catchThrowableOfType(PatchException.class,
                () -> JsonPatch.apply(DASHBOARD, parse(patch.append("]").toString()), 4096));

        assertThat(e.kind()).isEqualTo(PatchException.Kind.TOO_LARGE);
        assertThat(e.getMessage()).contains("limit of 4096 bytes");
        assertThat(System.nanoTime() - started).as("stopped at about 4 KB, not after 2^25 copies").isLessThan(2_000_000_000L);
    }

    @Test
    void copiesWithinTheLimitApplyInOrderAndLeaveTheTargetAlone() {
        JsonNode result = JsonPatch.apply(DASHBOARD, parse("""
                [{'op':'copy','from':'/spec/tags','path':'/spec/more'},
                 {'op':'add','path':'/spec/more/-','value':'z'},
                 {'op':'copy','from':'/spec/title','path':'/spec/name'},
                 {'op':'replace','path':'','value':{'spec':{'title':'root'}}},
                 {'op':'copy','from':'/spec/title','path':'/spec/again'}]"""), 4096);

        assertThat(result).isEqualTo(parse("{'spec':{'title':'root','again':'root'}}"));
        assertThat(DASHBOARD).isEqualTo(parse("{'spec':{'title':'a','tags':['x']}}"));
    }

    @Test
    void aPatchOfMoreThanTenThousandOperationsIsTooLarge() {
        StringBuilder patch = new StringBuilder("[");
        for (int i = 0; i <= JsonPatch.MAX_OPERATIONS; i++) {
            patch.append(i == 0 ? "" : ",").append("{'op':'test','path':'/spec/title','value':'a'}");
        }

        PatchException e = catchThrowableOfType(PatchException.class,
                () -> JsonPatch.apply(DASHBOARD, parse(patch.append("]").toString()), 1 << 20));

        assertThat(e.kind()).isEqualTo(PatchException.Kind.TOO_LARGE);
        assertThat(e.getMessage()).isEqualTo("The allowed maximum operations in a JSON patch is 10000, got 10001");
    }
}
