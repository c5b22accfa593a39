package io.migrationgateway.translators;

import io.migrationgateway.model.KindDeclaration;
import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.resource.ResourceObject;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A kind's OpenAPI snapshot (Grafana's {@code openapi_snapshots}, named by the translator's {@link KindDeclaration})
 * as a checker of resource objects: an object must be a valid answer of the item {@code GET}, strictly (undeclared
 * properties are findings, except where the schema preserves unknown fields, as the dashboard spec does). Thread-safe.
 */
public final class ResourceContract {
    private static final Map<String, OpenApiInteractionValidator> VALIDATORS = new ConcurrentHashMap<>();

    private ResourceContract() {
    }

    /**
     * The snapshot with the one thing the OpenAPI parser insists on and Grafana's snapshots leave out, an
     * {@code info.version}; nothing that validation looks at is touched.
     */
    private static String loadable(String document) {
        ObjectNode tree = (ObjectNode) Json.tree(document);
        ObjectNode info = tree.with("info");
        if (!info.has("version")) {
            info.put("version", "snapshot");
        }
        return new String(Json.bytes(tree), StandardCharsets.UTF_8);
    }

    /** Every disagreement of {@code object} with {@code kind}'s snapshot, as {@code pointer: message} texts. */
    public static List<String> findings(KindDeclaration kind, ObjectNode object) {
        OpenApiInteractionValidator validator = VALIDATORS.computeIfAbsent(kind.openApi(), document -> OpenApiInteractionValidator
                .createForInlineApiSpecification(loadable(LegacyContract.resource(document)))
                .withLevelResolver(LevelResolver.create()
                        .withLevel("validation.schema.additionalProperties", ValidationReport.Level.ERROR).build())
                .build());
        String name = new ResourceObject(object).name().isEmpty() ? "unnamed" : new ResourceObject(object).name();
        String path = "/apis/" + kind.group() + "/" + kind.preferredVersion() + "/namespaces/default/" + kind.plural() + "/" + name;
        SimpleResponse answer = SimpleResponse.Builder.ok().withContentType("application/json")
                .withBody(new String(Json.bytes(object), StandardCharsets.UTF_8)).build();
        ValidationReport report = validator.validateResponse(path, Request.Method.GET, answer);
        return report.getMessages().stream()
                .filter(m -> m.getLevel() == ValidationReport.Level.ERROR)
                .map(m -> m.getContext().flatMap(ValidationReport.MessageContext::getPointers)
                        .map(ValidationReport.MessageContext.Pointers::getInstance).orElse("/") + ": " + m.getKey() + ": " + m.getMessage())
                .toList();
    }
}
