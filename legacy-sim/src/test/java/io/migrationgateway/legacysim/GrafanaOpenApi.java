package io.migrationgateway.legacysim;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * Grafana's own OpenAPI 3 document of the 9.3 legacy {@code /api} ({@code src/test/resources/openapi}, see the
 * README there) as a checker of answers. Strict: besides types, formats and required fields, a property the
 * document does not declare is a finding (free-form objects such as the dashboard model stay free-form), and
 * so is a status it does not list. {@link #KNOWN_DEVIATIONS} is the whole allow-list. Thread-safe.
 */
final class GrafanaOpenApi {
    private static final String DOCUMENT = "/openapi/grafana-9.3-legacy-openapi3.json";

    /** Who is wrong, as far as Grafana 9.3's handlers tell. */
    enum Cause {
        /** The document disagrees with what Grafana's handler sends; the simulator copies the handler. */
        GRAFANA_SPEC,
        /** The simulator knowingly differs from Grafana 9.3 (the reason says why); listed to stay visible. */
        SIMULATOR
    }

    /**
     * One place where answers and the document disagree knowingly.
     *
     * @param pointer JSON pointer into the body; {@code *} stands for any array index
     * @param keyword the JSON-schema keyword that fails, {@code missing} (no body) or {@code status NNN}
     */
    record Deviation(String operationId, String pointer, String keyword, Cause cause, String reason) {
        boolean covers(Finding finding) {
            return operationId.equals(finding.operationId()) && keyword.equals(finding.keyword())
                    && finding.pointer().matches(Pattern.quote(pointer).replace("*", "\\E[0-9]+\\Q"));
        }
    }

    /**
     * Everything tolerated, each entry as narrow as one operation, one place and one keyword. The
     * contract test shows every entry still occurring, so that none outlives its cause.
     */
    static final List<Deviation> KNOWN_DEVIATIONS = List.of(
            // The swagger struct of the save answer declares ID as a string (example "1"); postDashboard sends
            // dashboard.Id, an int64, so every real Grafana answer has a number here.
            new Deviation("postDashboard", "/id", "type", Cause.GRAFANA_SPEC, "id declared as string, Grafana sends an int64"),
            // The same struct documents "Slug The slug of the dashboard" but tags the field json:"title"; the
            // handler sends the slug as "slug" and never a title.
            new Deviation("postDashboard", "/title", "required", Cause.GRAFANA_SPEC, "the slug field is named 'title'"),
            new Deviation("postDashboard", "/slug", "additionalProperties", Cause.GRAFANA_SPEC, "the slug field is named 'title'"),
            new Deviation("restoreDashboardVersionByUID", "/id", "type", Cause.GRAFANA_SPEC, "restore answers as postDashboard does"),
            new Deviation("restoreDashboardVersionByUID", "/title", "required", Cause.GRAFANA_SPEC, "restore answers as postDashboard does"),
            new Deviation("restoreDashboardVersionByUID", "/slug", "additionalProperties", Cause.GRAFANA_SPEC, "restore answers as postDashboard does"),
            new Deviation("restoreDashboardVersionByID", "/id", "type", Cause.GRAFANA_SPEC, "restore answers as postDashboard does"),
            new Deviation("restoreDashboardVersionByID", "/title", "required", Cause.GRAFANA_SPEC, "restore answers as postDashboard does"),
            new Deviation("restoreDashboardVersionByID", "/slug", "additionalProperties", Cause.GRAFANA_SPEC, "restore answers as postDashboard does"),
            // deletePlaylist and deleteFolder end with response.JSON(200, ""), and Respond writes a string body as
            // raw bytes: an empty body, whatever response schema the document gives.
            new Deviation("deletePlaylist", "/", "missing", Cause.GRAFANA_SPEC, "9.3 answers an empty body"),
            new Deviation("deleteFolder", "/", "missing", Cause.GRAFANA_SPEC, "9.3 answers an empty body"),
            // apierrors.ToFolderErrorResponse maps ErrFolderVersionMismatch to 412 {status: version-mismatch}, which
            // 9.3 also raises for a create with an existing uid; the document lists 409 for both and no 412.
            new Deviation("createFolder", "/", "status 412", Cause.GRAFANA_SPEC, "412 version-mismatch is undocumented"),
            new Deviation("updateFolder", "/", "status 412", Cause.GRAFANA_SPEC, "412 version-mismatch is undocumented"),
            // The playlist handlers answer 400 "bad request data" when web.Bind refuses the body; undocumented.
            // ListSortOptions answers util.DynMap{"sortOptions": [...]}; the document declares one option instead
            new Deviation("listSortOptions", "/sortOptions", "additionalProperties", Cause.GRAFANA_SPEC,
                    "the options come wrapped in sortOptions"),
            // the route needs dashboards:create, which a Viewer lacks: its authorization middleware answers 403
            new Deviation("importDashboard", "/", "status 403", Cause.GRAFANA_SPEC, "403 for a Viewer is undocumented"),
            // CalculateDashboardDiff writes its result's bytes (Go's []byte, hence the document's array of uint8): the
            // jsondiffpatch delta as JSON for diffType delta, and 404/400 from its version lookups and binding
            new Deviation("calculateDashboardDiff", "/", "type", Cause.GRAFANA_SPEC, "the delta is a JSON object, declared as bytes"),
            new Deviation("calculateDashboardDiff", "/", "status 404", Cause.GRAFANA_SPEC, "404 Dashboard version not found is undocumented"),
            new Deviation("calculateDashboardDiff", "/", "status 400", Cause.GRAFANA_SPEC, "400 bad request data is undocumented"),
            new Deviation("calculateDashboardDiff", "/", "notAllowed", Cause.GRAFANA_SPEC,
                    "the basic and json views are text/html, which the operation produces but its response does not declare"),
            new Deviation("createPlaylist", "/", "status 400", Cause.GRAFANA_SPEC, "400 bad request data is undocumented"),
            new Deviation("updatePlaylist", "/", "status 400", Cause.GRAFANA_SPEC, "400 bad request data is undocumented"),
            // 9.3's FolderSearchHit has no parent; the simulator serves the seed's folder tree as nested folders
            // and names each child's parent the way Grafana 10 does (FolderApi.FolderSearchHit).
            new Deviation("getFolders", "/*/parentUid", "additionalProperties", Cause.SIMULATOR, "Grafana 10's parentUid"),
            // GetDashboardPermissionList answers 400 "dashboardId is invalid" when strconv.ParseInt refuses the path's id
            new Deviation("getDashboardPermissionsListByID", "/", "status 400", Cause.GRAFANA_SPEC, "400 for a bad id is undocumented"),
            // UpdateDashboardACL refuses a grant to no user, team or role with ErrDashboardACLInfoMissing, answered 409
            // (ErrFolderACLInfoMissing for a folder); no update operation lists a 409
            new Deviation("updateDashboardPermissionsByUID", "/", "status 409", Cause.GRAFANA_SPEC, "409 for a grant to nobody is undocumented"),
            new Deviation("updateDashboardPermissionsByID", "/", "status 409", Cause.GRAFANA_SPEC, "409 for a grant to nobody is undocumented"),
            new Deviation("updateFolderPermissions", "/", "status 409", Cause.GRAFANA_SPEC, "409 for a grant to nobody is undocumented"),
            // UpdateFolderPermissions binds and validates the body as the dashboard routes do (400), but lists no 400
            new Deviation("updateFolderPermissions", "/", "status 400", Cause.GRAFANA_SPEC, "400 for a refused body is undocumented"),
            // ... and answers util.DynMap{"message", "id", "title"} where the document names okResponse (a message alone)
            new Deviation("updateFolderPermissions", "/id", "additionalProperties", Cause.GRAFANA_SPEC, "the answer carries the folder's id"),
            new Deviation("updateFolderPermissions", "/title", "additionalProperties", Cause.GRAFANA_SPEC, "the answer carries the folder's title"),
            // GetHomeDashboardResponse joins the built-in answer {dashboard, meta} and the redirect {redirectUri} with allOf,
            // each branch a closed object of its own, where GetHomeDashboard sends one or the other (oneOf)
            new Deviation("getHomeDashboard", "/dashboard", "additionalProperties", Cause.GRAFANA_SPEC, "allOf of two alternative answers"),
            new Deviation("getHomeDashboard", "/meta", "additionalProperties", Cause.GRAFANA_SPEC, "allOf of two alternative answers"),
            new Deviation("getHomeDashboard", "/redirectUri", "additionalProperties", Cause.GRAFANA_SPEC, "allOf of two alternative answers"),
            // DashboardMeta.AnnotationsPermissions is a pointer that GetHomeDashboard leaves nil: null, which the document forbids
            new Deviation("getHomeDashboard", "/meta/annotationsPermissions", "type", Cause.GRAFANA_SPEC,
                    "the built-in home has null annotation permissions"),
            // updatePreferencesFor answers 404 "Dashboard not found" for a homeDashboardUID it cannot find; undocumented
            new Deviation("updateUserPreferences", "/", "status 404", Cause.GRAFANA_SPEC, "404 for an unknown home dashboard is undocumented"),
            new Deviation("updateOrgPreferences", "/", "status 404", Cause.GRAFANA_SPEC, "404 for an unknown home dashboard is undocumented"),
            // RetrieveServiceAccount answers the store's ServiceAccountProfileDTO, where the document names ServiceAccountDTO
            new Deviation("retrieveServiceAccount", "/createdAt", "additionalProperties", Cause.GRAFANA_SPEC, "the answer is the profile"),
            new Deviation("retrieveServiceAccount", "/updatedAt", "additionalProperties", Cause.GRAFANA_SPEC, "the answer is the profile"),
            new Deviation("retrieveServiceAccount", "/teams", "additionalProperties", Cause.GRAFANA_SPEC, "the answer is the profile"),
            // ListTokens answers a []TokenDTO; the swagger response wraps one TokenDTO
            new Deviation("listTokens", "/", "type", Cause.GRAFANA_SPEC, "the tokens come as an array"));

    private final String document;
    private final OpenApiInteractionValidator validator;

    GrafanaOpenApi() {
        document = resource(DOCUMENT);
        LevelResolver strict = LevelResolver.create()
                .withLoader(null)
                .withLevel("validation.schema.additionalProperties", ValidationReport.Level.ERROR)
                .build();
        validator = OpenApiInteractionValidator.createForInlineApiSpecification(document).withLevelResolver(strict).build();
    }

    /** Whether the document describes this path (as written there, without the {@code /api} server prefix). */
    boolean documents(String path) {
        try {
            return new ObjectMapper().readTree(document).get("paths").has(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every disagreement between one answer and the operation for {@code method path}, explained or not. */
    List<Finding> findings(String method, String path, int status, String contentType, String body) {
        SimpleResponse answer = SimpleResponse.Builder.status(status).withContentType(contentType).withBody(body).build();
        ValidationReport report = validator.validateResponse(path, Request.Method.valueOf(method.toUpperCase(Locale.ROOT)),
                answer);
        return Finding.of(report, status);
    }

    /**
     * One disagreement, at the finest grain the validator reports: a missing required property or an
     * undeclared one is reported at the property's own pointer, so that a deviation names exactly one field.
     */
    record Finding(String operationId, String pointer, String keyword, String message) {
        private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");

        static List<Finding> of(ValidationReport report, int status) {
            List<Finding> findings = new ArrayList<>();
            for (ValidationReport.Message message : report.getMessages()) {
                String operationId = message.getContext().flatMap(ValidationReport.MessageContext::getApiOperation)
                        .map(op -> op.getOperation().getOperationId()).orElse("(no operation)");
                add(findings, operationId, message, status);
            }
            return findings;
        }

        /**
         * An {@code allOf} that fails is reported as the failures of its branches, each at its own pointer: every branch
         * must match, so each branch's failure is a disagreement of its own (and a deviation can name one of them).
         */
        private static void add(List<Finding> findings, String operationId, ValidationReport.Message message, int status) {
            if (message.getLevel() != ValidationReport.Level.ERROR) {
                return;
            }
            String key = message.getKey();
            if (key.endsWith(".allOf") && !message.getNestedMessages().isEmpty()) {
                message.getNestedMessages().forEach(branch -> add(findings, operationId, branch, status));
                return;
            }
            String pointer = message.getContext().flatMap(ValidationReport.MessageContext::getPointers)
                    .map(ValidationReport.MessageContext.Pointers::getInstance).orElse("/");
            String keyword = key.endsWith(".status.unknown") ? "status " + status : key.substring(key.lastIndexOf('.') + 1);
            if (keyword.equals("required") || keyword.equals("additionalProperties")) {
                // the validator names the properties only in its text: ["a","b"]
                Matcher names = QUOTED.matcher(message.getMessage());
                while (names.find()) {
                    findings.add(new Finding(operationId, child(pointer, names.group(1)), keyword, message.getMessage()));
                }
            } else {
                findings.add(new Finding(operationId, pointer, keyword, key + ": " + message.getMessage()));
            }
        }

        private static String child(String pointer, String name) {
            return (pointer.equals("/") ? "" : pointer) + "/" + name;
        }

        boolean explained() {
            return KNOWN_DEVIATIONS.stream().anyMatch(d -> d.covers(this));
        }
    }

    private static String resource(String name) {
        try (InputStream in = GrafanaOpenApi.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
