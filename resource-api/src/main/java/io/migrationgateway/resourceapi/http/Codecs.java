package io.migrationgateway.resourceapi.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.migrationgateway.resourceapi.status.StatusErrors;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reading and writing bodies as JSON or YAML trees. Thread-safe. A malformed body is the caller's fault: a 400
 * Status naming the parser's complaint (never the parser's stack or location dump).
 */
public final class Codecs {
    private final ObjectMapper json = new ObjectMapper();
    private final ObjectReader strictJson = json.reader().with(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private final ObjectMapper yaml;
    private final int maxBodyBytes;

    /** @param maxBodyBytes the body cap, which also bounds what the YAML parser accepts */
    public Codecs(int maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
        LoaderOptions loader = new LoaderOptions();
        loader.setCodePointLimit(Math.max(maxBodyBytes, 1024));
        this.yaml = new YAMLMapper(YAMLFactory.builder().loaderOptions(loader)
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                .build());
    }

    public ObjectMapper json() {
        return json;
    }

    /** The body cap. */
    public int maxBodyBytes() {
        return maxBodyBytes;
    }

    /**
     * The tree of {@code body}.
     *
     * @param strict refuse duplicate keys (JSON only; {@code fieldValidation=Strict})
     * @throws io.migrationgateway.resourceapi.status.ApiException 400 when the body does not parse or is empty
     */
    public JsonNode read(byte[] body, Encoding encoding, boolean strict) {
        JsonNode tree;
        try {
            tree = switch (encoding) {
                case JSON -> (strict ? strictJson : json.reader()).readTree(body);
                case YAML -> yaml.readTree(body);
            };
        } catch (JsonProcessingException e) {
            String problem = e.getOriginalMessage();
            throw StatusErrors.badRequest(strict && problem.startsWith("Duplicate field")
                    ? "strict decoding error: " + problem
                    : "the request body is not valid " + encoding.name() + ": " + problem);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (tree == null || tree instanceof MissingNode || tree.isNull()) {
            throw StatusErrors.badRequest("the request body is empty");
        }
        return tree;
    }

    /** JSON, or YAML when {@code body} does not start like JSON (apply patches may be either). */
    public JsonNode readJsonOrYaml(byte[] body, boolean strict) {
        for (byte b : body) {
            if (b == ' ' || b == '\t' || b == '\r' || b == '\n') {
                continue;
            }
            return read(body, b == '{' || b == '[' ? Encoding.JSON : Encoding.YAML, strict);
        }
        return read(body, Encoding.YAML, strict);
    }

    /**
     * A generator writing {@code encoding} to {@code out}, for an answer written as it is read: it never closes what it
     * has not written, so an answer broken off stays visibly incomplete rather than a shorter, valid document.
     */
    public JsonGenerator generator(OutputStream out, Encoding encoding) {
        try {
            JsonGenerator generator = switch (encoding) {
                case JSON -> json.createGenerator(out);
                case YAML -> yaml.createGenerator(out);
            };
            return generator.disable(JsonGenerator.Feature.AUTO_CLOSE_JSON_CONTENT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public byte[] write(JsonNode node, Encoding encoding) {
        try {
            return switch (encoding) {
                case JSON -> json.writeValueAsBytes(node);
                case YAML -> yaml.writeValueAsBytes(node);
            };
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
