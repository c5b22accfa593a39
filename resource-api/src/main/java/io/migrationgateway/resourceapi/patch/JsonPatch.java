package io.migrationgateway.resourceapi.patch;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.flipkart.zjsonpatch.CompatibilityFlags;
import com.flipkart.zjsonpatch.InvalidJsonPatchException;
import com.flipkart.zjsonpatch.JsonPatchApplicationException;
import io.migrationgateway.storage.JsonSize;
import java.util.EnumSet;
import java.util.Objects;

/**
 * JSON Patch (RFC 6902), the body of {@code application/json-patch+json}, applied by zjsonpatch, with kube-apiserver's
 * limits against a patch that grows the object by copying it into itself (CVE-2019-1002100): at most
 * {@value #MAX_OPERATIONS} operations, and the values all {@code copy} operations copy add up to at most a limit,
 * checked before each copy, so the object never grows past it while the patch applies.
 */
public final class JsonPatch {
    /** kube-apiserver's cap on a JSON patch's operations. */
    public static final int MAX_OPERATIONS = 10_000;
    /** RFC 6902 says removing a missing path is an error; zjsonpatch ignores it unless told. */
    private static final EnumSet<CompatibilityFlags> FLAGS = EnumSet.of(CompatibilityFlags.FORBID_REMOVE_MISSING_OBJECT);

    private static final String REJECTED = "the server rejected our request due to an error in our request: ";

    private JsonPatch() {
    }

    /**
     * The result of applying {@code patch} to {@code target}; neither is modified. The result need not be an object
     * (an op on the root path may replace it): the caller checks.
     *
     * @param maxCopiedBytes the most bytes, as JSON, that the patch's {@code copy} operations may copy in all
     * @throws PatchException {@link PatchException.Kind#BAD_REQUEST} when the patch is not an array of well-formed
     *                        operations; {@link PatchException.Kind#INVALID} when an operation cannot apply (a
     *                        failed {@code test}, a path that does not exist); {@link PatchException.Kind#TOO_LARGE}
     *                        for more than {@value #MAX_OPERATIONS} operations or copies over {@code maxCopiedBytes}
     */
    public static JsonNode apply(JsonNode target, JsonNode patch, long maxCopiedBytes) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(patch, "patch");
        if (patch.isArray() && patch.size() > MAX_OPERATIONS) {
            throw new PatchException(PatchException.Kind.TOO_LARGE, "The allowed maximum operations in a JSON patch is "
                    + MAX_OPERATIONS + ", got " + patch.size());
        }
        try {
            com.flipkart.zjsonpatch.JsonPatch.validate(patch, FLAGS);
        } catch (InvalidJsonPatchException | IllegalArgumentException malformed) {
            throw new PatchException(PatchException.Kind.BAD_REQUEST, "invalid JSON Patch: " + malformed.getMessage());
        }
        try {
            if (!copies(patch)) {
                return com.flipkart.zjsonpatch.JsonPatch.apply(patch, target, FLAGS);
            }
            // one operation at a time, in place on one copy, so that each copy is measured before it is made
            JsonNode result = target.deepCopy();
            long copied = 0;
            for (JsonNode operation : patch) {
                if (operation.path("op").asText().equals("copy")) {
                    copied += JsonSize.of(result.at(JsonPointer.compile(operation.path("from").asText())));
                    if (copied > maxCopiedBytes) {
                        throw new PatchException(PatchException.Kind.TOO_LARGE, "Unable to copy: the patch's copies add up to"
                                + " more than the limit of " + maxCopiedBytes + " bytes");
                    }
                }
                JsonNode single = JsonNodeFactory.instance.arrayNode().add(operation);
                if (operation.path("path").asText().isEmpty()) {
                    result = com.flipkart.zjsonpatch.JsonPatch.apply(single, result, FLAGS); // the root: replaced, not changed
                } else {
                    com.flipkart.zjsonpatch.JsonPatch.applyInPlace(single, result, FLAGS);
                }
            }
            return result;
        } catch (InvalidJsonPatchException | IllegalArgumentException malformed) {
            // a pointer zjsonpatch only parses while applying ("Missing leading slash")
            throw new PatchException(PatchException.Kind.BAD_REQUEST, "invalid JSON Patch: " + malformed.getMessage());
        } catch (JsonPatchApplicationException | IllegalStateException cannotApply) {
            // IllegalStateException: an object operation on an array (or the reverse)
            throw new PatchException(PatchException.Kind.INVALID, REJECTED + cannotApply.getMessage());
        }
    }

    private static boolean copies(JsonNode patch) {
        for (JsonNode operation : patch) {
            if (operation.path("op").asText().equals("copy")) {
                return true;
            }
        }
        return false;
    }
}
