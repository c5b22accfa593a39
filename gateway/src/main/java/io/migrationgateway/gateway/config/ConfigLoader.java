package io.migrationgateway.gateway.config;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds a {@link GatewayConfig} from four layers, each overriding the one before: the reference
 * defaults shipped in the jar ({@value #REFERENCE}), the YAML file, {@code MGW_*} environment
 * variables, and command-line flags. The reference file is also the schema: a key it does not
 * contain is refused, with its full path, as is a value of the wrong type.
 */
public final class ConfigLoader {
    static final String REFERENCE = "/io-migrationgateway-reference.yaml";
    public static final String ENV_PREFIX = "MGW_";

    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");
    private static final YAMLMapper LISTS = new YAMLMapper();
    private final YAMLMapper mapper;
    private final ObjectNode reference;

    public ConfigLoader() {
        SimpleModule module = new SimpleModule("gateway-config");
        module.addDeserializer(Duration.class, new DurationDeserializer());
        module.addDeserializer(Path.class, new PathDeserializer());
        this.mapper = YAMLMapper.builder()
                .propertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .addModule(module)
                .build();
        try (InputStream in = ConfigLoader.class.getResourceAsStream(REFERENCE)) {
            this.reference = (ObjectNode) mapper.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("reference configuration missing from the jar", e);
        }
    }

    /**
     * Loads and validates the configuration.
     *
     * @param file      the YAML file, if the operator named one
     * @param env       the process environment; only {@code MGW_*} entries are read
     * @param overrides command-line values by dotted key path (for example {@code server.port})
     * @throws ConfigException naming the first key that is unknown, malformed or impossible
     */
    public GatewayConfig load(Optional<Path> file, Map<String, String> env, Map<String, String> overrides) {
        ObjectNode tree = reference.deepCopy();
        file.ifPresent(path -> mergeFile(tree, path));
        applyEnvironment(tree, env);
        overrides.forEach((key, value) -> set(tree, key, value, "command-line flag for " + key));
        return bind(tree);
    }

    /** Every key the configuration accepts, with the environment variable that sets it. */
    public Map<String, String> environmentVariables() {
        Map<String, String> byVariable = new LinkedHashMap<>();
        for (String key : leafKeys(reference, "")) {
            byVariable.put(environmentName(key), key);
        }
        return byVariable;
    }

    static String environmentName(String key) {
        return ENV_PREFIX + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    private void mergeFile(ObjectNode tree, Path path) {
        JsonNode fromFile;
        try {
            fromFile = mapper.readTree(Files.readString(path));
        } catch (NoSuchFileException e) {
            throw new ConfigException("--config", "file not found: " + path);
        } catch (JacksonException e) {
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr();
            throw new ConfigException("--config", "not valid YAML" + where + " in " + path + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ConfigException("--config", "cannot read " + path + ": " + e.getMessage());
        }
        if (fromFile == null || fromFile.isMissingNode() || fromFile.isNull()) {
            return; // an empty file means "all defaults"
        }
        if (!fromFile.isObject()) {
            throw new ConfigException("--config", "must hold a YAML mapping of keys, not " + fromFile.getNodeType());
        }
        merge(tree, (ObjectNode) fromFile, "");
    }

    private void merge(ObjectNode into, ObjectNode from, String prefix) {
        for (Iterator<Map.Entry<String, JsonNode>> it = from.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = prefix + field.getKey();
            JsonNode known = into.get(field.getKey());
            if (known == null) {
                throw new ConfigException(key, "unknown key (known here: " + String.join(", ", fieldNames(into)) + ")");
            }
            if (known.isObject()) {
                if (!field.getValue().isObject()) {
                    throw new ConfigException(key, "must be a mapping with keys " + String.join(", ", fieldNames((ObjectNode) known)));
                }
                merge((ObjectNode) known, (ObjectNode) field.getValue(), key + ".");
            } else if (known.isArray()) {
                into.set(field.getKey(), list(key, field.getValue()));
            } else if (field.getValue().isContainerNode()) {
                throw new ConfigException(key, "must be a single value, not a " + field.getValue().getNodeType().name().toLowerCase(Locale.ROOT));
            } else {
                into.set(field.getKey(), field.getValue());
            }
        }
    }

    private void applyEnvironment(ObjectNode tree, Map<String, String> env) {
        Map<String, String> known = environmentVariables();
        for (Map.Entry<String, String> variable : new java.util.TreeMap<>(env).entrySet()) {
            if (!variable.getKey().startsWith(ENV_PREFIX)) {
                continue;
            }
            String key = known.get(variable.getKey());
            if (key == null) {
                throw new ConfigException(variable.getKey(), "unknown environment variable (settings are "
                        + String.join(", ", known.keySet()) + ")");
            }
            set(tree, key, variable.getValue(), variable.getKey());
        }
    }

    private static void set(ObjectNode tree, String key, String value, String source) {
        String[] parts = key.split("\\.");
        ObjectNode node = tree;
        for (int i = 0; i < parts.length - 1; i++) {
            JsonNode child = node.get(parts[i]);
            if (!(child instanceof ObjectNode object)) {
                throw new ConfigException(key, "unknown key (from " + source + ")");
            }
            node = object;
        }
        String leaf = parts[parts.length - 1];
        if (!node.has(leaf) || node.get(leaf).isObject()) {
            throw new ConfigException(key, "unknown key (from " + source + ")");
        }
        node.set(leaf, node.get(leaf).isArray() ? list(key, parseYaml(key, value)) : TextNode.valueOf(value));
    }

    /** A list value (a YAML sequence, such as ignore rules), refused when it is anything else. */
    private static JsonNode list(String key, JsonNode value) {
        if (value == null || value.isNull()) {
            return LISTS.createArrayNode();
        }
        if (!value.isArray()) {
            throw new ConfigException(key, "must be a list (a YAML sequence such as [{path: \"$.meta.updated\"}]), not a "
                    + value.getNodeType().name().toLowerCase(Locale.ROOT));
        }
        return value;
    }

    /** An environment variable or flag that sets a list holds the list as YAML text. */
    private static JsonNode parseYaml(String key, String text) {
        try {
            return LISTS.readTree(text);
        } catch (JacksonException e) {
            throw new ConfigException(key, "must be a list in YAML, such as [{path: \"$.meta.updated\"}]: " + e.getOriginalMessage());
        }
    }

    private GatewayConfig bind(ObjectNode tree) {
        try {
            return mapper.treeToValue(tree, GatewayConfig.class);
        } catch (ValueInstantiationException e) {
            if (e.getCause() instanceof ConfigException config) {
                throw config;
            }
            throw new ConfigException(pathOf(e), rootMessage(e));
        } catch (JsonMappingException e) {
            if (e.getCause() instanceof ConfigException config) {
                throw config;
            }
            throw new ConfigException(pathOf(e), describe(e));
        } catch (JacksonException e) {
            throw new ConfigException("(config)", e.getOriginalMessage());
        }
    }

    private static String describe(JsonMappingException e) {
        String message = e.getOriginalMessage();
        if (message.contains("Cannot deserialize value of type `int`") || message.contains("Cannot deserialize value of type `long`")) {
            return "must be a whole number (" + firstQuoted(message) + ")";
        }
        if (message.contains("Cannot deserialize value of type `boolean`")) {
            return "must be true or false (" + firstQuoted(message) + ")";
        }
        if (message.contains("java.net.URI")) {
            return "is not a valid URL (" + firstQuoted(message) + ")";
        }
        return rootMessage(e);
    }

    private static String firstQuoted(String message) {
        Matcher m = Pattern.compile("from String \"([^\"]*)\"").matcher(message);
        return m.find() ? "got '" + m.group(1) + "'" : message.split("\n")[0];
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root instanceof JacksonException jackson ? jackson.getOriginalMessage() : root.getMessage();
        return message == null ? root.getClass().getSimpleName() : message.split("\n")[0];
    }

    private static String pathOf(JsonMappingException e) {
        List<String> parts = new ArrayList<>();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                parts.add(ref.getFieldName());
            }
        }
        return parts.isEmpty() ? "(config)" : String.join(".", parts);
    }

    private static List<String> fieldNames(ObjectNode node) {
        return new ArrayList<>(new TreeSet<>(iterable(node.fieldNames())));
    }

    private static List<String> iterable(Iterator<String> names) {
        List<String> list = new ArrayList<>();
        names.forEachRemaining(list::add);
        return list;
    }

    private static List<String> leafKeys(ObjectNode node, String prefix) {
        List<String> keys = new ArrayList<>();
        node.fields().forEachRemaining(field -> {
            String key = prefix + field.getKey();
            if (field.getValue().isObject()) {
                keys.addAll(leafKeys((ObjectNode) field.getValue(), key + "."));
            } else {
                keys.add(key);
            }
        });
        return keys;
    }

    /** Parses {@code 250ms}, {@code 5s}, {@code 2m}, {@code 1h}, {@code 1d} or ISO-8601 ({@code PT5S}). */
    public static Duration parseDuration(String text) {
        String value = text.strip().toLowerCase(Locale.ROOT);
        Matcher m = DURATION.matcher(value);
        if (m.matches()) {
            long amount = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> Duration.ofDays(amount);
            };
        }
        try {
            return Duration.parse(text.strip());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (use 250ms, 5s, 2m, 1h or PT5S)");
        }
    }

    private static final class DurationDeserializer extends JsonDeserializer<Duration> {
        @Override
        public Duration deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            try {
                return parseDuration(p.getValueAsString(""));
            } catch (IllegalArgumentException e) {
                throw JsonMappingException.from(p, e.getMessage(), e);
            }
        }
    }

    private static final class PathDeserializer extends JsonDeserializer<Path> {
        @Override
        public Path deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String text = p.getValueAsString("");
            if (text.isBlank()) {
                throw JsonMappingException.from(p, "must be a directory path, got an empty value");
            }
            return Path.of(text);
        }
    }
}
