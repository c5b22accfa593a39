package io.migrationgateway.gateway.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md documents every key of the reference configuration, with its default, and no key the gateway
 * would refuse. The doc's settings are the rows of its tables headed {@code | key | default | meaning |}; a map whose
 * keys are resource names is documented once, with a placeholder for the name.
 */
class ConfigurationDocTest {
    private static final String REFERENCE = "/io-migrationgateway-reference.yaml";
    private static final Path DOC = Path.of("docs", "configuration.md");
    /** Maps keyed by a name the operator may choose from a list, documented once with this placeholder. */
    private static final Map<String, String> PLACEHOLDERS = Map.of("shadow.resources", "<plural>");
    private static final Pattern CODE = Pattern.compile("`([^`]*)`");

    /** Every dotted key of the reference, each with its default (a scalar or an empty list). */
    private static Map<String, List<JsonNode>> reference;
    /** The plurals under each placeholder map. */
    private static Map<String, List<String>> placeholderNames;
    /** Every key of the doc's tables, with the text of its default column. */
    private static Map<String, String> documented;
    /** Keys with more than one row in the doc's tables. */
    private static List<String> documentedTwice;
    private static String docText;

    @BeforeAll
    static void read() throws IOException {
        JsonNode root;
        try (InputStream in = ConfigurationDocTest.class.getResourceAsStream(REFERENCE)) {
            assertThat(in).as(REFERENCE + " on the classpath").isNotNull();
            root = new YAMLMapper().readTree(in);
        }
        reference = new LinkedHashMap<>();
        placeholderNames = new LinkedHashMap<>();
        flatten("", root);
        docText = Files.readString(findDoc());
        documentedTwice = new ArrayList<>();
        documented = documentedKeys(docText);
    }

    @Test
    void everyReferenceKeyIsDocumented() {
        List<String> missing = new ArrayList<>(reference.keySet());
        missing.removeAll(documented.keySet());
        assertThat(missing).as("keys of %s missing from %s", REFERENCE, DOC).isEmpty();
        List<String> unnamed = new ArrayList<>();
        placeholderNames.forEach((map, names) -> names.stream()
                .filter(name -> !docText.contains("`" + name + "`"))
                .forEach(name -> unnamed.add(map + "." + name)));
        assertThat(unnamed).as("entries of placeholder maps the doc does not name (in backticks)").isEmpty();
    }

    @Test
    void everyDocumentedKeyExists() {
        List<String> unknown = new ArrayList<>(documented.keySet());
        unknown.removeAll(reference.keySet());
        assertThat(unknown).as("keys documented in %s that %s does not have", DOC, REFERENCE).isEmpty();
        assertThat(documentedTwice).as("keys with more than one row in %s", DOC).isEmpty();
    }

    @Test
    void everyDocumentedDefaultIsTheReferenceDefault() {
        List<String> wrong = new ArrayList<>();
        reference.forEach((key, values) -> {
            String doc = documented.get(key);
            if (doc == null) {
                return;
            }
            for (JsonNode value : values) {
                if (!sameDefault(doc, value)) {
                    wrong.add(key + ": documented " + doc + ", reference " + value);
                }
            }
        });
        assertThat(wrong).as("defaults in %s that differ from %s", DOC, REFERENCE).isEmpty();
    }

    private static void flatten(String prefix, JsonNode node) {
        if (!node.isObject()) {
            reference.computeIfAbsent(prefix, key -> new ArrayList<>()).add(node);
            return;
        }
        String placeholder = PLACEHOLDERS.get(prefix);
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String name = field.getKey();
            if (placeholder != null) {
                placeholderNames.computeIfAbsent(prefix, key -> new ArrayList<>()).add(name);
                name = placeholder;
            }
            flatten(prefix.isEmpty() ? name : prefix + "." + name, field.getValue());
        }
    }

    /** The working directory is the module's, or the repository's: walk up to the directory that has the doc. */
    private static Path findDoc() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(DOC))) {
                return dir.resolve(DOC);
            }
        }
        throw new AssertionError(DOC + " not found in " + Path.of("").toAbsolutePath() + " or above it");
    }

    /** Rows of the tables whose header is key, default, meaning: the key cell's code span and the default cell's. */
    private static Map<String, String> documentedKeys(String markdown) {
        Map<String, String> keys = new LinkedHashMap<>();
        boolean inKeyTable = false;
        for (String line : markdown.split("\n")) {
            if (!line.startsWith("|")) {
                inKeyTable = false;
                continue;
            }
            List<String> cells = cells(line);
            if (cells.size() >= 3 && cells.get(0).equals("key") && cells.get(1).equals("default")) {
                inKeyTable = true;
                continue;
            }
            if (!inKeyTable || cells.get(0).matches("-+")) {
                continue;
            }
            Matcher key = CODE.matcher(cells.get(0));
            assertThat(key.find()).as("a key in backticks in the first cell of: %s", line).isTrue();
            String name = key.group(1);
            Matcher value = CODE.matcher(cells.get(1));
            if (keys.put(name, value.find() ? value.group(1) : cells.get(1)) != null) {
                documentedTwice.add(name);
            }
        }
        return keys;
    }

    private static List<String> cells(String row) {
        String inner = row.strip();
        inner = inner.substring(1, inner.endsWith("|") ? inner.length() - 1 : inner.length());
        List<String> cells = new ArrayList<>();
        for (String cell : inner.split("\\|", -1)) {
            cells.add(cell.strip());
        }
        return cells;
    }

    private static boolean sameDefault(String documented, JsonNode value) {
        if (value.isArray()) {
            return value.isEmpty() ? documented.equals("[]") : documented.equals(value.toString());
        }
        if (value.isNumber()) {
            try {
                return new BigDecimal(documented).compareTo(value.decimalValue()) == 0;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        String text = value.asText();
        return text.isEmpty() ? documented.equals("\"\"") : documented.equals(text);
    }
}
