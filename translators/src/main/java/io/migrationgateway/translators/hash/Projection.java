package io.migrationgateway.translators.hash;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.hash.PathTree.Target;
import io.migrationgateway.translators.json.Json;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

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
        this(parts, List.of());
    }

    private Projection(List<Part> parts, List<Beside> besides) {
        this.parts = List.copyOf(parts);
        CanonicalJson hasher = new CanonicalJson();
        this.absent = Stream.concat(this.parts.stream().map(Part::absent), besides.stream().map(Beside::absent))
            .map(json -> hasher.document(json.getBytes(StandardCharsets.UTF_8), Set.of())).toArray(Hash128[]::new);
        this.paths = PathTree.of(Stream.concat(this.parts.stream().map(p -> new Target(p.path(), "")),
            besides.stream().map(b -> new Target(b.path(), b.leftOutPrefix()))).toList());
    }

    /**
     * This projection with values of the stored object that no legacy column determines (the metadata the gateway keeps
     * beside a legacy row), hashed in the same pass as the row hash and apart from it ({@link #unifiedHashes}).
     */
    public Projection besides(List<Beside> more) {
        return new Projection(parts, more);
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

    /**
     * A value of the stored object hashed beside the row hash.
     *
     * @param path          where the stored object has it
     * @param absent        the JSON the object stands for when the path is missing
     * @param leftOutPrefix {@code ""}: the value counts whole; else it is an object whose members named with this prefix
     *                      do not count
     */
    public record Beside(List<String> path, String absent, String leftOutPrefix) {
        public Beside {
            path = List.copyOf(path);
        }

        /** The hash {@link #unifiedHashes} gives this value of an object that has {@code value} here (null: nothing). */
        public Hash128 hash(JsonNode value, CanonicalJson hasher) {
            boolean countsWhole = leftOutPrefix.isEmpty();
            // as in the stored text: a value whose members count is no value unless it is an object
            if (value == null || value.isMissingNode() || !countsWhole && !value.isObject()) {
                return hasher.document(absent.getBytes(StandardCharsets.UTF_8), Set.of());
            }
            return hasher.document(Json.bytes(countsWhole ? value : withoutLeftOut(value)), Set.of());
        }

        private ObjectNode withoutLeftOut(JsonNode object) {
            ObjectNode counted = JsonNodeFactory.instance.objectNode();
            for (Map.Entry<String, JsonNode> member : object.properties()) {
                if (!member.getKey().startsWith(leftOutPrefix)) {
                    counted.set(member.getKey(), member.getValue());
                }
            }
            return counted;
        }
    }

    /**
     * A stored object's hashes.
     *
     * @param row     its row hash, which the legacy row's {@link #legacyHash} equals when the object has its content
     * @param besides the hash of each {@link Beside} value, in order
     */
    public record Hashes(Hash128 row, List<Hash128> besides) {
        public Hashes {
            besides = List.copyOf(besides);
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
        Hashes hashes = unifiedHashes(object, hasher);
        return hashes == null ? null : hashes.row();
    }

    /**
     * The row hash and the {@link Beside} values' hashes of a stored object (UTF-8 JSON); null when it is not a JSON
     * object.
     */
    public Hashes unifiedHashes(byte[] object, CanonicalJson hasher) {
        Hash128[] hashes = new Hash128[absent.length];
        if (!hasher.valuesAt(object, paths, hashes)) {
            return null;
        }
        for (int i = 0; i < hashes.length; i++) {
            if (hashes[i] == null) {
                hashes[i] = absent[i];
            }
        }
        return new Hashes(combine(Arrays.copyOf(hashes, parts.size())),
            Arrays.asList(hashes).subList(parts.size(), hashes.length));
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
