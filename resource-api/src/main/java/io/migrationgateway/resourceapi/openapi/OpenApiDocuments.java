package io.migrationgateway.resourceapi.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.resourceapi.kinds.Kinds;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The OpenAPI v3 documents: the index at {@code /openapi/v3} and one document per served group-version at
 * {@code /openapi/v3/apis/<group>/<version>}, built once from the kinds' Grafana snapshots (see
 * {@link SnapshotRewriter} for what is changed and why). Immutable and thread-safe.
 */
public final class OpenApiDocuments {
    /** One served document: its bytes and the hash the index links it with (clients cache by it). */
    public record Document(byte[] json, String hash) {
    }

    private final Map<String, Document> byGroupVersion;
    private final byte[] index;

    /**
     * Loads and rewrites every kind's snapshot.
     *
     * @throws IllegalStateException when a kind's snapshot is missing or unreadable (a packaging bug: fail at startup)
     */
    public OpenApiDocuments(Kinds kinds, ObjectMapper json) {
        Map<String, Document> documents = new LinkedHashMap<>();
        ObjectNode indexPaths = JsonNodeFactory.instance.objectNode();
        for (Kinds.ApiGroup group : kinds.groups()) {
            for (String version : group.versions()) {
                ObjectNode merged = null;
                for (KindDeclaration kind : group.kindsIn(version)) {
                    ObjectNode doc = SnapshotRewriter.rewrite(load(kind, json), kind, version);
                    merged = merged == null ? doc : merge(merged, doc);
                }
                byte[] bytes = write(json, merged);
                String key = "apis/" + group.name() + "/" + version;
                Document document = new Document(bytes, sha512(bytes));
                documents.put(key, document);
                indexPaths.putObject(key).put("serverRelativeURL", "/openapi/v3/" + key + "?hash=" + document.hash());
            }
        }
        this.byGroupVersion = Map.copyOf(documents);
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.set("paths", indexPaths);
        this.index = write(json, root);
    }

    /** The {@code /openapi/v3} index body. */
    public byte[] index() {
        return index.clone();
    }

    /** The document of {@code group}/{@code version}, when served. */
    public Optional<Document> document(String group, String version) {
        return Optional.ofNullable(byGroupVersion.get("apis/" + group + "/" + version));
    }

    private static ObjectNode load(KindDeclaration kind, ObjectMapper json) {
        try (InputStream in = OpenApiDocuments.class.getResourceAsStream(kind.openApi())) {
            if (in == null) {
                throw new IllegalStateException("OpenAPI snapshot " + kind.openApi() + " of " + kind.groupResource()
                        + " is not on the classpath");
            }
            return (ObjectNode) json.readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read OpenAPI snapshot " + kind.openApi(), e);
        }
    }

    /** Several kinds in one group-version share a document: their paths and schemas side by side. */
    private static ObjectNode merge(ObjectNode into, ObjectNode other) {
        into.withObjectProperty("paths").setAll((ObjectNode) other.path("paths"));
        into.withObjectProperty("components").withObjectProperty("schemas").setAll((ObjectNode) other.path("components").path("schemas"));
        return into;
    }

    private static byte[] write(ObjectMapper json, ObjectNode node) {
        try {
            return json.writeValueAsString(node).getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The apiserver's choice of hash; the index links documents by it so clients can cache them. */
    private static String sha512(byte[] bytes) {
        try {
            return HexFormat.of().withUpperCase().formatHex(MessageDigest.getInstance("SHA-512").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-512", e);
        }
    }
}
