package io.migrationgateway.resourceapi.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.flipkart.zjsonpatch.CompatibilityFlags;
import com.flipkart.zjsonpatch.InvalidJsonPatchException;
import com.flipkart.zjsonpatch.JsonPatchApplicationException;
import java.util.EnumSet;
import java.util.Objects;

/** JSON Patch (RFC 6902), the body of {@code application/json-patch+json}, applied by zjsonpatch. */
public final class JsonPatch {
    /** RFC 6902 says removing a missing path is an error; zjsonpatch ignores it unless told. */
    private static final EnumSet<CompatibilityFlags> FLAGS = EnumSet.of(CompatibilityFlags.FORBID_REMOVE_MISSING_OBJECT);

    private static final String REJECTED = "the server rejected our request due to an error in our request: ";

    private JsonPatch() {
    }

    /**
     * The result of applying {@code patch} to {@code target}; neither is modified. The result need not be an object
     * (an op on the root path may replace it): the caller checks.
     *
     * @throws PatchException {@link PatchException.Kind#BAD_REQUEST} when the patch is not an array of well-formed
     *                        operations; {@link PatchException.Kind#INVALID} when an operation cannot apply (a
     *                        failed {@code test}, a path that does not exist)
     */
    public static JsonNode apply(JsonNode target, JsonNode patch) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(patch, "patch");
        try {
            com.flipkart.zjsonpatch.JsonPatch.validate(patch, FLAGS);
        } catch (InvalidJsonPatchException | IllegalArgumentException malformed) {
            throw new PatchException(PatchException.Kind.BAD_REQUEST, "invalid JSON Patch: " + malformed.getMessage());
        }
        try {
            return com.flipkart.zjsonpatch.JsonPatch.apply(patch, target, FLAGS);
        } catch (InvalidJsonPatchException | IllegalArgumentException malformed) {
            // a pointer zjsonpatch only parses while applying ("Missing leading slash")
            throw new PatchException(PatchException.Kind.BAD_REQUEST, "invalid JSON Patch: " + malformed.getMessage());
        } catch (JsonPatchApplicationException | IllegalStateException cannotApply) {
            // IllegalStateException: an object operation on an array (or the reverse)
            throw new PatchException(PatchException.Kind.INVALID, REJECTED + cannotApply.getMessage());
        }
    }
}
