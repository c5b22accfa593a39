package io.migrationgateway.storage;

import io.migrationgateway.model.GroupResource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Objects with Kubernetes semantics, keyed by group-resource, namespace and name, the way the
 * apiserver's {@code storage.Interface} is: it knows keys and resource versions, not HTTP, not
 * API versions (the stored {@code apiVersion} is whatever the last writer used; the API layer
 * rewrites it for the version asked for) and not legacy shapes.
 *
 * <p>Every object handed out is a fresh copy the caller may change. Every write is one transaction and
 * gets a resource version that is strictly greater than every earlier write's of the same
 * group-resource (in commit order), returned as a string in {@code metadata.resourceVersion}.
 *
 * <p>What the store owns on every write: {@code metadata.uid} and {@code metadata.creationTimestamp} (set on
 * create, kept afterwards whatever the caller sends), {@code metadata.generation} (1 on create, +1 when
 * {@code spec} changes), {@code metadata.resourceVersion}, name validation (DNS-1123 subdomain, at most 253
 * characters: {@link StorageException.Reason#INVALID} with a cause on {@code metadata.name}) and
 * {@code metadata.generateName}. Labels and annotations are kept as given.
 *
 * <p>Thread-safe. Refusals are {@link StorageException}s; database failures are
 * {@link StorageUnavailableException}s.
 */
public interface ResourceStore {

    /** The object, or {@link StorageException.Reason#NOT_FOUND}. */
    ObjectNode get(ObjectKey key);

    /**
     * The object as {@link #get} has it, as one JSON object in UTF-8, for a caller that passes it on rather than
     * reads it (a store that keeps JSON text returns it without parsing it). The caller may change the array.
     *
     * @throws StorageException NOT_FOUND
     */
    default byte[] getJson(ObjectKey key) {
        return get(key).toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The object, and the object of {@code folderKind} in its namespace that it names as its folder at
     * {@code folderPointer} (a JSON pointer), when there is one: what a read that shows an object with its folder
     * needs, which a store may answer in one read (and may take the folder from its own record of it).
     *
     * @throws StorageException NOT_FOUND when the object does not exist
     */
    default InFolder getInFolder(ObjectKey key, GroupResource folderKind, String folderPointer) {
        ObjectNode object = get(key);
        String folder = object.at(folderPointer).asText("");
        List<ObjectNode> found = folder.isEmpty() ? List.of() : getAll(folderKind, key.namespace(), List.of(folder));
        return new InFolder(object, found.isEmpty() ? null : found.getFirst());
    }

    /**
     * An object and its folder.
     *
     * @param folder the folder object, or {@code null} when the object is at the root or its folder does not exist
     */
    record InFolder(ObjectNode object, ObjectNode folder) {
    }

    /**
     * The objects of {@code names} in {@code namespace} that exist, in the order of {@code names} (a store may answer
     * them with one read instead of one per name).
     */
    default List<ObjectNode> getAll(GroupResource groupResource, String namespace, List<String> names) {
        List<ObjectNode> found = new ArrayList<>();
        for (String name : names) {
            try {
                found.add(get(new ObjectKey(groupResource, namespace, name)));
            } catch (StorageException e) {
                if (e.reason() != StorageException.Reason.NOT_FOUND) {
                    throw e;
                }
            }
        }
        return found;
    }

    /**
     * One page of the objects {@code options} selects, consistent at one resource version across pages.
     *
     * @throws StorageException EXPIRED when the continue token is older than the kept history, BAD_REQUEST when it
     *                          is malformed
     */
    ListPage list(GroupResource groupResource, ListOptions options);

    /**
     * Creates the object named by {@code metadata.name} (or generated from {@code metadata.generateName})
     * in {@code metadata.namespace}.
     *
     * @return the stored object, with uid, creationTimestamp, generation and resourceVersion
     * @throws StorageException ALREADY_EXISTS when the name is taken, INVALID for a bad name
     */
    ObjectNode create(GroupResource groupResource, ObjectNode object);

    /**
     * Replaces the object named by {@code metadata.namespace}/{@code metadata.name}. When the given
     * object carries {@code metadata.resourceVersion}, it must equal the stored one (else CONFLICT);
     * without one the update is unconditional.
     *
     * @throws StorageException NOT_FOUND, CONFLICT, INVALID
     */
    ObjectNode update(GroupResource groupResource, ObjectNode object);

    /**
     * Reads the current object, applies {@code change} to (a copy of) it and stores the result with the
     * read resource version as precondition, retrying from a fresh read when another writer came first
     * (the apiserver's {@code GuaranteedUpdate}). {@code change} may throw a {@link StorageException} to refuse.
     *
     * @throws StorageException NOT_FOUND, INVALID, or whatever {@code change} throws
     */
    ObjectNode guaranteedUpdate(ObjectKey key, UnaryOperator<ObjectNode> change);

    /**
     * Deletes the object when {@code preconditions} hold.
     *
     * @return the object's last state, carrying the delete's resource version
     * @throws StorageException NOT_FOUND, CONFLICT
     */
    ObjectNode delete(ObjectKey key, Preconditions preconditions);

    /**
     * Deletes the objects {@code options} selects, at most {@code limit} of them when it is not 0, so that a collection
     * of any size is deleted in batches of bounded memory. {@code continueToken} is the last batch's: a store whose
     * selection no longer holds the objects it deleted may ignore it and start over; one that selects after reading
     * (the legacy-backed store, which reads a page of rows and keeps the labelled ones) goes on from it.
     *
     * @return the deleted objects' last states; its continue token is not {@code null} when the limit stopped the
     *         batch, and a call with it deletes the next one
     */
    ListPage deleteCollection(GroupResource groupResource, ListOptions options);

    /**
     * Opens a watch.
     *
     * @throws StorageException EXPIRED when {@code options.resourceVersion()} is older than the kept history,
     *                          BAD_REQUEST when it is not a number
     */
    Watch watch(GroupResource groupResource, WatchOptions options);

    /** The latest resource version of the group-resource (0 when nothing was ever written). */
    long currentResourceVersion(GroupResource groupResource);
}
