package io.migrationgateway.translators.legacy;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * The legacy reads a compare sweep ({@code migrate compare}) makes of a resource, which are the reads its translator
 * serves: per object, each route that reads one object by its {@code uid}; per org, the lists and searches (a path and
 * its query). A resource with none is compared by its traffic alone.
 *
 * @param objectReads GET routes with a {@code {uid}} variable and no other
 * @param listReads   paths with their query, such as {@code /api/search?type=dash-db}
 */
public record SweepReads(List<LegacyRoute> objectReads, List<String> listReads) {
    public static final SweepReads NONE = new SweepReads(List.of(), List.of());

    public SweepReads {
        objectReads = List.copyOf(objectReads);
        listReads = List.copyOf(listReads);
        for (LegacyRoute route : objectReads) {
            if (!route.method().equals("GET") || !route.template().contains("{uid}")
                    || route.template().indexOf('{') != route.template().lastIndexOf('{')) {
                throw new IllegalArgumentException("a swept object read is a GET by {uid} alone, not " + route);
            }
        }
        listReads.forEach(path -> Objects.requireNonNull(path, "listReads"));
    }

    /** The paths that read the object {@code uid}, one per object read. */
    public List<String> objectPaths(String uid) {
        String encoded = URLEncoder.encode(uid, StandardCharsets.UTF_8).replace("+", "%20");
        return objectReads.stream().map(route -> route.template().replace("{uid}", encoded)).toList();
    }
}
