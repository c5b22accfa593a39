package io.migrationgateway.translators.hash;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A resource's canonical projection: the values a legacy row determines in the object the translator makes of it,
 * each read from the row by an SQL expression and from the stored object at a JSON path, hashed alike on both sides
 * ({@link CanonicalJson}) and combined in order into the row hash. What the translator derives from anything else
 * (timestamps, authors, the annotations it adds) is left out, so equal hashes mean the row's content is there; a row
 * whose hashes differ is compared in full by the translator, which dismisses what only the hash sees (a member its
 * rules ignore, say).
 */
public final class Projection {
    private final List<Part> parts;
    private final PathTree paths;
    private final Hash128[] absent;

    public Projection(List<Part> parts) {
        this.parts = List.copyOf(parts);
        CanonicalJson hasher = new CanonicalJson();
        this.absent = this.parts.stream()
            .map(p -> hasher.document(p.absent().getBytes(StandardCharsets.UTF_8), Set.of())).toArray(Hash128[]::new);
        this.paths = PathTree.of(this.parts.stream().map(Part::path).toList());
    }

    /** How the legacy side's value of a part is read and what it stands for in JSON. */
    public enum Kind {
        /** An integer column; a JSON number. */
        NUMBER,
        /** A text column; a JSON string. */
        TEXT,
        /** An integer column kept as a label, a JSON string of its digits (the legacy id). */
        LABEL,
        /** A text column of JSON; that JSON value. */
        DOCUMENT
    }

    /**
     * One value of the projection.
     *
     * @param column             its SQL expression over the legacy row
     * @param kind               how the column is read
     * @param path               where the stored object has it
     * @param absent             the JSON the object stands for when the path is missing
     * @param withoutRootMembers for a document, the members of its root object that are not part of it
     */
    public record Part(String column, Kind kind, List<String> path, String absent, Set<String> withoutRootMembers) {
        public Part {
            path = List.copyOf(path);
            withoutRootMembers = Set.copyOf(withoutRootMembers);
        }

        public static Part of(String column, Kind kind, String absent, String... path) {
            return new Part(column, kind, List.of(path), absent, Set.of());
        }
    }

    /** The legacy columns of the projection, in order, for a SELECT list. */
    public String legacyColumns() {
        return parts.stream().map(Part::column).collect(Collectors.joining(", "));
    }

    /**
     * The row hash of the current row of {@code rs}, whose columns from {@code first} on are {@link #legacyColumns()};
     * null when a document in it is not JSON (such a row never matches).
     */
    public Hash128 legacyHash(ResultSet rs, int first, CanonicalJson hasher) throws SQLException {
        Hash128[] hashes = new Hash128[parts.size()];
        for (int i = 0; i < hashes.length; i++) {
            Part part = parts.get(i);
            int column = first + i;
            hashes[i] = switch (part.kind()) {
                case NUMBER -> {
                    long value = rs.getLong(column);
                    yield rs.wasNull() ? hasher.nullValue() : hasher.number(value);
                }
                case TEXT -> {
                    String value = rs.getString(column);
                    yield value == null ? hasher.nullValue() : hasher.string(value);
                }
                case LABEL -> {
                    long value = rs.getLong(column);
                    yield rs.wasNull() ? hasher.nullValue() : hasher.string(Long.toString(value));
                }
                // the driver's bytes of a text column are its UTF-8: no string is made of a 15 KB document
                case DOCUMENT -> hasher.document(rs.getBytes(column), part.withoutRootMembers());
            };
            if (hashes[i] == null) {
                return null;
            }
        }
        return combine(hashes);
    }

    /** The row hash of a stored object (UTF-8 JSON); null when it is not a JSON object. */
    public Hash128 unifiedHash(byte[] object, CanonicalJson hasher) {
        Hash128[] hashes = new Hash128[parts.size()];
        if (!hasher.valuesAt(object, paths, hashes)) {
            return null;
        }
        for (int i = 0; i < hashes.length; i++) {
            if (hashes[i] == null) {
                hashes[i] = absent[i];
            }
        }
        return combine(hashes);
    }

    private static Hash128 combine(Hash128[] hashes) {
        Mix128 row = new Mix128();
        row.reset();
        for (Hash128 hash : hashes) {
            row.add(hash.high());
            row.add(hash.low());
        }
        row.finish();
        return row.hash();
    }
}
