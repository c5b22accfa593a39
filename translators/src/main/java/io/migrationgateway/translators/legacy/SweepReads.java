package io.migrationgateway.translators.legacy;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The legacy reads a compare sweep ({@code migrate compare}) makes of a resource, which are the reads its translator
 * serves: per object, each route that reads one object by its {@code uid} or, for a resource whose legacy routes
 * address objects by number (service accounts), by its legacy id (the {@code grafana.app/deprecatedInternalID} label,
 * the legacy row's id); per org, the lists and searches (a path and its query). A resource with none is compared by its
 * traffic alone.
 *
 * @param objectReads GET routes with one variable: {@code {uid}}, or {@code idVariable}
 * @param listReads   paths with their query, such as {@code /api/search?type=dash-db}
 * @param idVariable  the variable of object reads that takes the object's legacy id, or empty when none does
 */
public record SweepReads(List<LegacyRoute> objectReads, List<String> listReads, Optional<String> idVariable) {
    public static final SweepReads NONE = new SweepReads(List.of(), List.of());
    private static final String UID = "uid";

    public SweepReads {
        objectReads = List.copyOf(objectReads);
        listReads = List.copyOf(listReads);
        Objects.requireNonNull(idVariable, "idVariable");
        if (idVariable.isPresent() && idVariable.get().equals(UID)) {
            throw new IllegalArgumentException("{uid} is the object's name, not its legacy id");
        }
        for (LegacyRoute route : objectReads) {
            String template = route.template();
            boolean oneVariable = template.indexOf('{') == template.lastIndexOf('{');
            boolean byUid = template.contains("{" + UID + "}");
            boolean byId = idVariable.map(variable -> template.contains("{" + variable + "}")).orElse(false);
            if (!route.method().equals("GET") || !oneVariable || !(byUid || byId)) {
                throw new IllegalArgumentException("a swept object read is a GET by {uid} or by the legacy id"
                        + idVariable.map(v -> " {" + v + "}").orElse("") + " alone, not " + route);
            }
        }
        listReads.forEach(path -> Objects.requireNonNull(path, "listReads"));
    }

    /** Object reads by {@code {uid}} alone. */
    public SweepReads(List<LegacyRoute> objectReads, List<String> listReads) {
        this(objectReads, listReads, Optional.empty());
    }

    /** Object reads by the legacy id, which fills {@code idVariable} (such as {@code serviceAccountId}). */
    public static SweepReads byLegacyId(String idVariable, List<LegacyRoute> objectReads, List<String> listReads) {
        return new SweepReads(objectReads, listReads, Optional.of(idVariable));
    }

    /**
     * The paths that read the object {@code uid} whose legacy id is {@code legacyId}, one per object read.
     *
     * @throws IllegalArgumentException when a read is by the legacy id and {@code legacyId} is none (not above 0)
     */
    public List<String> objectPaths(String uid, long legacyId) {
        String encoded = URLEncoder.encode(uid, StandardCharsets.UTF_8).replace("+", "%20");
        return objectReads.stream().map(route -> {
            if (route.template().contains("{" + UID + "}")) {
                return route.template().replace("{" + UID + "}", encoded);
            }
            if (legacyId <= 0) {
                throw new IllegalArgumentException(route + " reads by legacy id, and " + uid + " has none");
            }
            return route.template().replace("{" + idVariable.orElseThrow() + "}", Long.toString(legacyId));
        }).toList();
    }
}
