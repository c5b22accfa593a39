package io.migrationgateway.translators;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import io.migrationgateway.translators.legacy.LegacyResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Grafana's own OpenAPI 3 document of its 9.3 legacy {@code /api} as a checker of the legacy bodies translators
 * produce, as strict as the simulator's contract test: besides types, formats and required fields, a property the
 * document does not declare is a finding (free-form objects such as the dashboard model stay free-form), and so is
 * a status it does not list. {@link #KNOWN_DEVIATIONS} is the whole allow-list; each entry is a place where Grafana's
 * document disagrees with what Grafana's handlers send, which the translators copy. Thread-safe.
 */
public final class LegacyContract {
    private static final String DOCUMENT = "/openapi/grafana-9.3-legacy-openapi3.json";

    /**
     * One place where answers and the document disagree knowingly.
     *
     * @param pointer JSON pointer into the body; {@code *} stands for any array index
     * @param keyword the JSON-schema keyword that fails, {@code missing} (no body) or {@code status NNN}
     */
    public record Deviation(String operationId, String pointer, String keyword, String reason) {
        boolean covers(Finding finding) {
            return operationId.equals(finding.operationId()) && keyword.equals(finding.keyword())
                    && finding.pointer().matches(Pattern.quote(pointer).replace("*", "\\E[0-9]+\\Q"));
        }
    }

    /** The simulator's list (legacy-sim's {@code GrafanaOpenApi}) for the same handlers, and the nested folders' 404s. */
    public static final List<Deviation> KNOWN_DEVIATIONS = List.of(
            new Deviation("postDashboard", "/id", "type", "id declared as string, Grafana sends an int64"),
            new Deviation("postDashboard", "/title", "required", "the slug field is named 'title'"),
            new Deviation("postDashboard", "/slug", "additionalProperties", "the slug field is named 'title'"),
            new Deviation("deletePlaylist", "/", "missing", "9.3 answers an empty body"),
            new Deviation("deleteFolder", "/", "missing", "9.3 answers an empty body"),
            new Deviation("createFolder", "/", "status 412", "412 version-mismatch is undocumented"),
            new Deviation("updateFolder", "/", "status 412", "412 version-mismatch is undocumented"),
            new Deviation("createPlaylist", "/", "status 400", "400 bad request data is undocumented"),
            new Deviation("updatePlaylist", "/", "status 400", "400 bad request data is undocumented"),
            new Deviation("getFolders", "/*/parentUid", "additionalProperties", "Grafana 10's parentUid of nested folders"),
            // the simulator serves nested folders, which 9.3's document does not describe: an unknown parent is 404
            new Deviation("getFolders", "/", "status 404", "an unknown parentUid (nested folders) is folder not found"),
            new Deviation("createFolder", "/", "status 404", "an unknown parent (nested folders) is folder not found"));

    private static final OpenApiInteractionValidator VALIDATOR = OpenApiInteractionValidator
            .createForInlineApiSpecification(resource(DOCUMENT))
            .withLevelResolver(LevelResolver.create().withLevel("validation.schema.additionalProperties", ValidationReport.Level.ERROR).build())
            .build();

    private LegacyContract() {
    }

    /** One disagreement, at the finest grain the validator reports. */
    public record Finding(String operationId, String pointer, String keyword, String message) {
        private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");

        public boolean explained() {
            return KNOWN_DEVIATIONS.stream().anyMatch(d -> d.covers(this));
        }
    }

    /** The findings no {@link Deviation} explains, for the answer to {@code method path} (path with {@code /api}). */
    public static List<Finding> unexplained(String method, String path, LegacyResponse response) {
        return findings(method, path, response).stream().filter(f -> !f.explained()).toList();
    }

    /** Every disagreement between one answer and the document's operation for {@code method path}. */
    public static List<Finding> findings(String method, String path, LegacyResponse response) {
        String body = response.body().isMissingNode() ? "" : new String(response.bytes(), StandardCharsets.UTF_8);
        SimpleResponse answer = SimpleResponse.Builder.status(response.status()).withContentType("application/json").withBody(body).build();
        int q = path.indexOf('?');
        ValidationReport report = VALIDATOR.validateResponse(q < 0 ? path : path.substring(0, q),
                Request.Method.valueOf(method.toUpperCase(Locale.ROOT)), answer);
        List<Finding> findings = new ArrayList<>();
        for (ValidationReport.Message message : report.getMessages()) {
            if (message.getLevel() != ValidationReport.Level.ERROR) {
                continue;
            }
            String operationId = message.getContext().flatMap(ValidationReport.MessageContext::getApiOperation)
                    .map(op -> op.getOperation().getOperationId()).orElse("(no operation)");
            String pointer = message.getContext().flatMap(ValidationReport.MessageContext::getPointers)
                    .map(ValidationReport.MessageContext.Pointers::getInstance).orElse("/");
            String key = message.getKey();
            String keyword = key.endsWith(".status.unknown") ? "status " + response.status() : key.substring(key.lastIndexOf('.') + 1);
            if (keyword.equals("required") || keyword.equals("additionalProperties")) {
                Matcher names = Finding.QUOTED.matcher(message.getMessage());
                while (names.find()) {
                    findings.add(new Finding(operationId, (pointer.equals("/") ? "" : pointer) + "/" + names.group(1), keyword,
                            message.getMessage()));
                }
            } else {
                findings.add(new Finding(operationId, pointer, keyword, key + ": " + message.getMessage()));
            }
        }
        return findings;
    }

    static String resource(String name) {
        try (InputStream in = LegacyContract.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
