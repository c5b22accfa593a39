package io.migrationgateway.resourceapi.http;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One media type or media range from {@code Accept} or {@code Content-Type}, with its parameters
 * ({@code application/json;as=Table;v=v1;g=meta.k8s.io}). Names and parameter names are lower-cased; parameter
 * values keep their case ({@code Table}).
 */
public record MediaType(String type, String subtype, Map<String, String> parameters) {
    public MediaType {
        parameters = Map.copyOf(parameters);
    }

    /** Parses one media type; {@code null} or blank gives {@code null}, a type without a slash gives {@code type/*}. */
    public static MediaType parse(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String[] parts = text.split(";");
        String full = parts[0].trim().toLowerCase(Locale.ROOT);
        int slash = full.indexOf('/');
        String type = slash < 0 ? full : full.substring(0, slash);
        String subtype = slash < 0 ? "*" : full.substring(slash + 1);
        Map<String, String> parameters = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq > 0) {
                String value = parts[i].substring(eq + 1).trim();
                if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                parameters.put(parts[i].substring(0, eq).trim().toLowerCase(Locale.ROOT), value);
            }
        }
        return new MediaType(type, subtype, parameters);
    }

    /**
     * The ranges of an {@code Accept} header in preference order: by {@code q} (highest first), ties in the
     * order sent, since kubectl lists what it prefers first. Ranges with {@code q=0} are left out.
     */
    public static List<MediaType> parseAccept(String accept) {
        List<MediaType> ranges = new ArrayList<>();
        if (accept == null) {
            return ranges;
        }
        for (String part : accept.split(",")) {
            MediaType range = parse(part);
            if (range != null && range.quality() > 0) {
                ranges.add(range);
            }
        }
        ranges.sort(Comparator.comparingDouble(MediaType::quality).reversed());
        return ranges;
    }

    public String essence() {
        return type + "/" + subtype;
    }

    public String parameter(String name) {
        return parameters.get(name);
    }

    /** Whether this range admits {@code type/subtype} ({@code *}{@code /*} and {@code application/*} included). */
    public boolean admits(String wantedType, String wantedSubtype) {
        return (type.equals("*") || type.equals(wantedType)) && (subtype.equals("*") || subtype.equals(wantedSubtype));
    }

    double quality() {
        String q = parameters.get("q");
        if (q == null) {
            return 1.0;
        }
        try {
            return Double.parseDouble(q);
        } catch (NumberFormatException e) {
            return 1.0;
        }
    }
}
