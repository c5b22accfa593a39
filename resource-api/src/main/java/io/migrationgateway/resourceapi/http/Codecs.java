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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reading and writing bodies as JSON or YAML trees. Thread-safe. A malformed body is the caller's fault: a 400
 * Status naming the parser's complaint (never the parser's stack or location dump).
 */
public final class Codecs {
    private static final Logger LOG = LoggerFactory.getLogger(Codecs.class);
    private static final String NOT_FINITE = "the request body holds a number out of range: numbers must be finite";
    private final ObjectMapper json = new ObjectMapper().setNodeFactory(FiniteNumbers.FACTORY);
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
        yaml.setNodeFactory(FiniteNumbers.FACTORY);
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
        } catch (FiniteNumbers.NotFinite e) {
            throw StatusErrors.badRequest(NOT_FINITE);
        } catch (JsonProcessingException e) {
            if (e.getCause() instanceof FiniteNumbers.NotFinite) {
                throw StatusErrors.badRequest(NOT_FINITE);
            }
            String problem = e.getOriginalMessage();
            if (strict && problem.startsWith("Duplicate field")) {
                throw StatusErrors.badRequest("strict decoding error: " + problem);
            }
            // the parser's own words stay in the log: they quote the body back and name the parser's internals
            LOG.debug("unreadable {} body: {}", encoding, problem);
            throw StatusErrors.badRequest("the request body is not valid " + encoding.name() + where(e));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (tree == null || tree instanceof MissingNode || tree.isNull()) {
            throw StatusErrors.badRequest("the request body is empty");
        }
        return tree;
    }

    /** Where the parser stopped, for a caller to find the mistake: {@code " (line 3, column 7)"}. */
    private static String where(JsonProcessingException e) {
        return e.getLocation() == null || e.getLocation().getLineNr() < 1 ? ""
                : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
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
