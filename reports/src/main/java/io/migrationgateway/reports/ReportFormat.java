package io.migrationgateway.reports;

import java.util.Locale;

/** The formats a report is written in. */
public enum ReportFormat {
    JSON("application/json", "json"),
    CSV("text/csv; charset=utf-8", "csv"),
    HTML("text/html; charset=utf-8", "html");

    private final String contentType;
    private final String extension;

    ReportFormat(String contentType, String extension) {
        this.contentType = contentType;
        this.extension = extension;
    }

    public String contentType() {
        return contentType;
    }

    public String extension() {
        return extension;
    }

    /**
     * The format named {@code json}, {@code csv} or {@code html} (any case).
     *
     * @throws IllegalArgumentException naming the accepted values otherwise
     */
    public static ReportFormat parse(String name) {
        try {
            return valueOf(name.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("a report format is json, csv or html, got '" + name + "'");
        }
    }
}
