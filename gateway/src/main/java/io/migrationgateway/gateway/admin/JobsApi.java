package io.migrationgateway.gateway.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.migrationgateway.jobs.spec.Counts;
import io.migrationgateway.jobs.spec.JobException;
import io.migrationgateway.jobs.spec.JobKind;
import io.migrationgateway.jobs.spec.JobSpec;
import io.migrationgateway.jobs.spec.JobStatus;
import io.migrationgateway.jobs.MigrationJobs;
import io.migrationgateway.jobs.store.Finding;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The migration jobs for operators (JSON, behind the admin credentials):
 * <ul>
 *   <li>{@code GET /admin/jobs}: the latest jobs, newest first;</li>
 *   <li>{@code POST /admin/jobs} with {@code {"kind": "copy", "resource": "dashboards.dashboard.grafana.app",
 *       "namespace": "org-2"}} (kinds: copy, verify, reverse-copy, compare; a compare may name a {@code "rate"} in objects
 *       per second; {@code namespace} absent: all; the resource named as kubectl names it,
 *       {@link ResourceNames}): 201 with the job; 409 when one of that kind is already
 *       active for that resource and namespace; 400 for an unknown kind, resource or namespace;</li>
 *   <li>{@code GET /admin/jobs/{id}}: one job, with its progress, counts and up to 20 findings;</li>
 *   <li>{@code POST /admin/jobs/{id}/pause}, {@code .../resume}, {@code .../cancel}: at the next chunk boundary.</li>
 * </ul>
 * Without {@code legacy.database-url} no job can run: every route but the list answers 409 saying so.
 */
final class JobsApi {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_BODY = 16 * 1024;
    private static final int LIST_LIMIT = 50;
    private static final int FINDINGS = 20;
    private static final Set<String> FIELDS = Set.of("kind", "resource", "namespace", "rate");

    private final Optional<MigrationJobs> jobs;
    private final ResourceNames names;

    JobsApi(Optional<MigrationJobs> jobs, ResourceNames names) {
        this.jobs = jobs;
        this.names = names;
    }

    HttpHandler list() {
        return exchange -> AdminResponses.json(exchange, 200,
                jobs.map(running -> running.list(LIST_LIMIT).stream().map(JobsApi::view).toList()).orElse(java.util.List.of()));
    }

    HttpHandler start() {
        return exchange -> withJobs(exchange, running -> {
            JobSpec spec = spec(exchange);
            AdminResponses.json(exchange, 201, view(running.start(spec)));
        });
    }

    HttpHandler get() {
        return exchange -> withJobs(exchange, running -> {
            long id = id(exchange);
            Map<String, Object> view = view(running.status(id));
            view.put("findings", running.findings(id, FINDINGS).stream().map(JobsApi::findingView).toList());
            AdminResponses.json(exchange, 200, view);
        });
    }

    HttpHandler pause() {
        return transition(MigrationJobs::pause);
    }

    HttpHandler resume() {
        return transition(MigrationJobs::resume);
    }

    HttpHandler cancel() {
        return transition(MigrationJobs::cancel);
    }

    @FunctionalInterface
    private interface Transition {
        JobStatus apply(MigrationJobs jobs, long id);
    }

    private HttpHandler transition(Transition transition) {
        return exchange -> withJobs(exchange, running -> AdminResponses.json(exchange, 200, view(transition.apply(running, id(exchange)))));
    }

    @FunctionalInterface
    private interface Work {
        void run(MigrationJobs jobs) throws Exception;
    }

    /** Runs {@code work}, answering refusals as the admin API's JSON errors. */
    private void withJobs(HttpServerExchange exchange, Work work) throws Exception {
        if (jobs.isEmpty()) {
            AdminResponses.json(exchange, 409, AdminResponses.message("migration jobs need the legacy deployment's database: "
                    + "set legacy.database-url (MGW_LEGACY_DATABASE_URL)"));
            return;
        }
        try {
            work.run(jobs.get());
        } catch (BadRequest | IllegalArgumentException e) {
            AdminResponses.json(exchange, 400, AdminResponses.message(e.getMessage()));
        } catch (JobException e) {
            int status = switch (e.reason()) {
                case NOT_FOUND -> 404;
                case ALREADY_ACTIVE, WRONG_STATE -> 409;
                case BAD_REQUEST -> 400;
            };
            AdminResponses.json(exchange, status, AdminResponses.message(e.getMessage()));
        }
    }

    private static final class BadRequest extends RuntimeException {
        BadRequest(String message) {
            super(message, null, false, false);
        }
    }

    private static long id(HttpServerExchange exchange) {
        try {
            return Long.parseLong(exchange.getQueryParameters().get("id").getFirst());
        } catch (NumberFormatException e) {
            throw new BadRequest("a job id is a whole number");
        }
    }

    private JobSpec spec(HttpServerExchange exchange) throws Exception {
        JsonNode body;
        try (InputStream in = exchange.getInputStream()) {
            body = JSON.readTree(new String(in.readNBytes(MAX_BODY), StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new BadRequest("the body is not JSON: " + e.getOriginalMessage());
        }
        if (body == null || !body.isObject()) {
            throw new BadRequest("start a job with {\"kind\": \"copy|verify|reverse-copy|compare\", \"resource\": \"...\", \"namespace\": \"...\"}");
        }
        body.fieldNames().forEachRemaining(field -> {
            if (!FIELDS.contains(field)) {
                throw new BadRequest("unknown field '" + field + "'; a job has kind, resource, namespace and (compare) rate");
            }
        });
        String kindWord = body.path("kind").asText("");
        JobKind kind = JobKind.of(kindWord).orElseThrow(() -> new BadRequest("kind is one of " + Arrays.stream(JobKind.values())
                .map(JobKind::word).toList() + ", got '" + kindWord + "'"));
        String resource = body.path("resource").asText("");
        if (resource.isBlank()) {
            throw new BadRequest("resource is required, such as dashboards.dashboard.grafana.app");
        }
        String namespace = body.path("namespace").asText("").strip();
        return new JobSpec(kind, names.resolve(resource), namespace.isEmpty() ? Optional.empty() : Optional.of(namespace), rate(body, kind));
    }

    /** A compare job's objects per second, 0 for the default. */
    private static long rate(JsonNode body, JobKind kind) {
        JsonNode rate = body.path("rate");
        if (rate.isMissingNode() || rate.isNull()) {
            return 0;
        }
        if (kind != JobKind.COMPARE) {
            throw new BadRequest("rate applies to compare jobs only; copy, verify and reverse-copy keep to jobs.max-rows-per-second");
        }
        if (!rate.canConvertToExactIntegral() || rate.asLong() < 1 || rate.asLong() > 100_000) {
            throw new BadRequest("rate is objects per second, a whole number from 1 to 100000, got " + rate);
        }
        return rate.asLong();
    }

    static Map<String, Object> view(JobStatus status) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", status.id());
        view.put("kind", status.spec().kind().word());
        view.put("resource", status.spec().resource());
        view.put("namespace", status.spec().namespace().orElse(null));
        if (status.spec().kind() == JobKind.COMPARE) {
            view.put("rate", status.spec().rate());
        }
        view.put("state", status.state().word());
        view.put("phase", status.phase());
        view.put("createdAt", status.createdAt().toString());
        view.put("finishedAt", status.finishedAt().map(Object::toString).orElse(null));
        view.put("rowsTotal", status.rowsTotal());
        view.put("counts", counts(status.counts()));
        view.put("differences", status.counts().anyDifference());
        view.put("message", status.message());
        return view;
    }

    private static Map<String, Object> counts(Counts c) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("processed", c.processed());
        view.put("created", c.created());
        view.put("updated", c.updated());
        view.put("unchanged", c.unchanged());
        view.put("skippedNewer", c.skippedNewer());
        view.put("unconvertible", c.unconvertible());
        view.put("matching", c.matching());
        view.put("mismatched", c.mismatched());
        view.put("missing", c.missing());
        view.put("extra", c.extra());
        return view;
    }

    private static Map<String, Object> findingView(Finding finding) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("kind", finding.kind());
        view.put("namespace", finding.namespace());
        view.put("name", finding.name());
        view.put("legacyId", finding.legacyId());
        view.put("paths", finding.paths());
        view.put("detail", finding.detail());
        return view;
    }
}
