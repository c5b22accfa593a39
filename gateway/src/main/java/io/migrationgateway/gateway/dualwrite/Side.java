package io.migrationgateway.gateway.dualwrite;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.Translator;
import java.util.Locale;
import java.util.Optional;

/**
 * One of the two stores, seen as Resource API objects of a translator's kind: what a dual-write reads from the side
 * that was written first and copies to the other.
 */
interface Side {
    /** Which store: {@code unified} or {@code legacy}, as the records name it. */
    Target target();

    /**
     * The object, or empty when there is none.
     *
     * @throws SideFailure when the store cannot answer or refuses
     */
    Optional<ObjectNode> read(Translator translator, String namespace, String name);

    /**
     * Makes the object {@code desired} (store-owned metadata such as the resource version is ignored): a create when
     * {@code current} is empty, else a replace of it. Returns the object as stored.
     *
     * @throws SideFailure when the store cannot answer or refuses
     */
    ObjectNode put(Translator translator, String namespace, ObjectNode desired, Optional<ObjectNode> current);

    /**
     * The name of the object of {@code namespace} whose legacy id is {@code legacyId}, for kinds whose legacy routes
     * address objects by id ({@link Translator#legacyIdVariable}); empty when there is none or this side cannot tell.
     *
     * @throws SideFailure when the store cannot answer
     */
    default Optional<String> nameOf(Translator translator, String namespace, long legacyId) {
        return Optional.empty();
    }

    /**
     * Deletes the object; one that is already gone is fine.
     *
     * @throws SideFailure when the store cannot answer or refuses
     */
    void delete(Translator translator, String namespace, String name);

    enum Target {
        UNIFIED, LEGACY;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Target of(String label) {
            return valueOf(label.toUpperCase(Locale.ROOT));
        }
    }

    /** A read or write on a side that did not happen: the store was unavailable, too slow, or refused. */
    class SideFailure extends RuntimeException {
        SideFailure(String message, Throwable cause) {
            super(message, cause);
        }

        SideFailure(String message) {
            super(message);
        }
    }

    /**
     * A write refused because the object changed between the read and the write (another writer, such as a migration
     * copy or another replica, got there in between): worth reading again and retrying at once.
     */
    final class LostRace extends SideFailure {
        LostRace(String message, Throwable cause) {
            super(message, cause);
        }

        LostRace(String message) {
            super(message);
        }
    }
}
