package io.migrationgateway.reports;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.nio.charset.StandardCharsets;

/** Writes a report in a {@link ReportFormat}. Stateless and thread-safe. */
public final class ReportRenderer {
    private static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private ReportRenderer() {
    }

    public static byte[] render(Report report, ReportFormat format) {
        return switch (format) {
            case JSON -> json(report);
            case CSV -> CsvReport.of(report).getBytes(StandardCharsets.UTF_8);
            case HTML -> HtmlReport.of(report).getBytes(StandardCharsets.UTF_8);
        };
    }

    /** The JSON Schema (draft 2020-12) that every JSON rendering of reports of {@code kind} validates against. */
    public static String schemaResource(String kind) {
        return "/io/migrationgateway/reports/" + kind + ".schema.json";
    }

    private static byte[] json(Report report) {
        try {
            return JSON.writeValueAsBytes(report);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a report record could not be written as JSON", e);
        }
    }
}
