package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.resourceapi.http.ApiTarget;
import io.migrationgateway.resourceapi.http.Encoding;
import io.migrationgateway.resourceapi.http.ResponseFormat;
import io.migrationgateway.resourceapi.http.ResponseWriter;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Shapes stored objects for the client and writes them. Objects are stored with the apiVersion of whoever wrote
 * them; every object answered carries the apiVersion the request named (and the declared kind), first, as
 * Kubernetes prints them. Lists are {@code <Kind>List}s; reads may be Tables when the client asked for one.
 */
final class ResourceOutput {
    private final ResponseWriter writer;
    private final TableConverter tables;

    ResourceOutput(ResponseWriter writer, TableConverter tables) {
        this.writer = Objects.requireNonNull(writer, "writer");
        this.tables = Objects.requireNonNull(tables, "tables");
    }

    /** {@code stored} in the target's apiVersion and kind (a new node; {@code stored} is not changed). */
    ObjectNode present(ObjectNode stored, ApiTarget.Resource target) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("apiVersion", target.apiVersion());
        out.put("kind", target.kind().kind());
        for (Map.Entry<String, JsonNode> field : stored.properties()) {
            if (!field.getKey().equals("apiVersion") && !field.getKey().equals("kind")) {
                out.set(field.getKey(), field.getValue());
            }
        }
        return out;
    }

    /** A list's {@code metadata}: {@code continue} and {@code remainingItemCount} only when there is more. */
    static ObjectNode listMetadata(long resourceVersion, String continueToken, Long remainingItemCount) {
        ObjectNode metadata = JsonNodeFactory.instance.objectNode();
        metadata.put("resourceVersion", Long.toString(resourceVersion));
        if (continueToken != null && !continueToken.isEmpty()) {
            metadata.put("continue", continueToken);
            if (remainingItemCount != null) {
                metadata.put("remainingItemCount", remainingItemCount);
            }
        }
        return metadata;
    }

    /** One object, as a one-row Table when a read asked for a Table. */
    void sendObject(ResourceCall call, int code, ObjectNode stored) {
        ObjectNode object = present(stored, call.target());
        if (call.format().table() && !call.verb().write()) {
            ObjectNode metadata = JsonNodeFactory.instance.objectNode();
            metadata.put("resourceVersion", object.path("metadata").path("resourceVersion").asText());
            writer.send(call.exchange(), code, tables.table(call.kind(), List.of(object), call.format().tableVersion(),
                    TableConverter.IncludeObject.parse(call.param("includeObject")), metadata), call.format());
        } else {
            writer.send(call.exchange(), code, object, plain(call.format()));
        }
    }

    /** Whether an object is answered as plain JSON, so {@link #sendStoredJson} can answer it. */
    static boolean plainJson(ResourceCall call) {
        return !call.format().table() && call.format().encoding() == Encoding.JSON;
    }

    /**
     * {@link #sendObject} of an object given as its stored JSON text, when {@link #plainJson}: without parsing it
     * or writing it again (see {@link StoredJson}).
     */
    void sendStoredJson(ResourceCall call, int code, byte[] stored) {
        writer.sendBytes(call.exchange(), code, StoredJson.present(stored, call.target().apiVersion(),
                call.kind().kind()), Encoding.JSON.mediaType());
    }

    /** A {@code <Kind>List} (or a Table for reads that asked for one). */
    void sendList(ResourceCall call, List<ObjectNode> stored, ObjectNode listMetadata) {
        List<ObjectNode> items = stored.stream().map(o -> present(o, call.target())).toList();
        if (call.format().table() && !call.verb().write()) {
            writer.send(call.exchange(), 200, tables.table(call.kind(), items, call.format().tableVersion(),
                    TableConverter.IncludeObject.parse(call.param("includeObject")), listMetadata), call.format());
            return;
        }
        ObjectNode list = JsonNodeFactory.instance.objectNode();
        list.put("kind", call.kind().kind() + "List");
        list.put("apiVersion", call.target().apiVersion());
        list.set("metadata", listMetadata);
        ArrayNode array = list.putArray("items");
        items.forEach(array::add);
        writer.send(call.exchange(), 200, list, plain(call.format()));
    }

    /** What a watch event's object looks like: the object, or a one-row Table. */
    JsonNode eventObject(ResourceCall call, ObjectNode stored, TableConverter.IncludeObject include) {
        ObjectNode object = present(stored, call.target());
        if (!call.format().table()) {
            return object;
        }
        ObjectNode metadata = JsonNodeFactory.instance.objectNode();
        metadata.put("resourceVersion", object.path("metadata").path("resourceVersion").asText());
        return tables.table(call.kind(), List.of(object), call.format().tableVersion(), include, metadata);
    }

    private static ResponseFormat plain(ResponseFormat format) {
        return format.table() ? new ResponseFormat(format.encoding(), null, null) : format;
    }
}
