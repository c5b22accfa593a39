package io.migrationgateway.resourceapi.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.core.JsonGenerator;
import io.migrationgateway.resourceapi.http.ApiTarget;
import io.migrationgateway.resourceapi.http.Codecs;
import io.migrationgateway.resourceapi.http.Encoding;
import io.migrationgateway.resourceapi.http.ResponseFormat;
import io.migrationgateway.resourceapi.http.ResponseWriter;
import io.migrationgateway.storage.ListPage;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import org.xnio.IoUtils;

/**
 * Shapes stored objects for the client and writes them. Objects are stored with the apiVersion of whoever wrote
 * them; every object answered carries the apiVersion the request named (and the declared kind), first, as
 * Kubernetes prints them. Lists are {@code <Kind>List}s; reads may be Tables when the client asked for one.
 */
final class ResourceOutput {
    private final ResponseWriter writer;
    private final TableConverter tables;
    private final Codecs codecs;

    ResourceOutput(ResponseWriter writer, TableConverter tables, Codecs codecs) {
        this.writer = Objects.requireNonNull(writer, "writer");
        this.tables = Objects.requireNonNull(tables, "tables");
        this.codecs = Objects.requireNonNull(codecs, "codecs");
    }

    /** The pages of a list after its first. */
    @FunctionalInterface
    interface MorePages {
        /** The page that follows the page whose continue token is {@code continueToken}. */
        ListPage after(String continueToken);
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

    /**
     * A {@code <Kind>List} (or a Table) of {@code first} and the pages after it, written as they are read: the answer
     * holds a page whatever the list's length, as the apiserver's streaming list encoding does (KEP-5116). Its
     * resource version is the first page's, which the store keeps every page consistent with. A page that cannot be
     * read once the answer has started (the database gone) breaks the connection off, so the client sees an incomplete
     * answer, never a shorter one that looks whole.
     *
     * @param shown which items the caller may see (all but what a list across namespaces must leave out)
     */
    void streamList(ResourceCall call, ListPage first, MorePages more, Predicate<ObjectNode> shown) throws IOException {
        HttpServerExchange exchange = call.exchange();
        boolean table = call.format().table() && !call.verb().write();
        exchange.setStatusCode(200);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE,
                table ? call.format().contentType() : call.format().encoding().mediaType());
        exchange.startBlocking();
        JsonGenerator out = codecs.generator(exchange.getOutputStream(), call.format().encoding());
        out.writeStartObject();
        if (table) {
            out.writeStringField("kind", "Table");
            out.writeStringField("apiVersion", "meta.k8s.io/" + call.format().tableVersion());
            out.writeObjectField("metadata", listMetadata(first.resourceVersion(), null, null));
            out.writeObjectField("columnDefinitions", tables.columns(call.kind()));
            out.writeArrayFieldStart("rows");
        } else {
            out.writeStringField("kind", call.kind().kind() + "List");
            out.writeStringField("apiVersion", call.target().apiVersion());
            out.writeObjectField("metadata", listMetadata(first.resourceVersion(), null, null));
            out.writeArrayFieldStart("items");
        }
        TableConverter.IncludeObject include = table ? TableConverter.IncludeObject.parse(call.param("includeObject")) : null;
        Instant now = tables.now();
        ListPage page = first;
        while (true) {
            for (ObjectNode stored : page.items()) {
                if (shown.test(stored)) {
                    ObjectNode item = present(stored, call.target());
                    out.writeTree(table ? tables.row(call.kind(), item, call.format().tableVersion(), include, now) : item);
                }
            }
            if (page.continueToken() == null) {
                break;
            }
            out.flush();
            try {
                page = more.after(page.continueToken());
            } catch (RuntimeException e) {
                IoUtils.safeClose(exchange.getConnection());
                throw e;
            }
        }
        out.writeEndArray();
        out.writeEndObject();
        out.close();
        exchange.getOutputStream().close();
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
