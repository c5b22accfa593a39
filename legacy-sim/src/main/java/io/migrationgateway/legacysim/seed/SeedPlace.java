package io.migrationgateway.legacysim.seed;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a seed dashboard goes in the folder tree, from its file name (the Grafana source path flattened
 * with {@code __}): {@code devenv__panel-timeseries__x.json} lands in Panels / Timeseries,
 * {@code devenv__datasource-loki__x.json} in Data sources / Loki, {@code bundled-ds__prometheus__x.json} in
 * Bundled data sources / Prometheus; top-level devenv files and a few others stay at the root (General).
 *
 * @param folderPath from the top folder down; each element is {uid, title}
 */
record SeedPlace(List<String[]> folderPath) {

    static SeedPlace of(String file) {
        String[] parts = file.replace(".json", "").split("__");
        List<String[]> path = new ArrayList<>();
        switch (parts[0]) {
            case "devenv" -> {
                if (parts.length == 3) {
                    String group = parts[1];
                    if (group.startsWith("datasource-")) {
                        path.add(new String[] {"data-sources", "Data sources"});
                        path.add(new String[] {"ds-" + group.substring(11), title(group.substring(11))});
                    } else if (group.startsWith("panel-")) {
                        path.add(new String[] {"panels", "Panels"});
                        path.add(new String[] {"panel-" + group.substring(6), title(group.substring(6))});
                    } else {
                        path.add(new String[] {group, title(group.replace("feature-", "").replace("e2e-", ""))});
                    }
                }
            }
            case "bundled-ds" -> {
                path.add(new String[] {"bundled", "Bundled data sources"});
                path.add(new String[] {"bundled-" + parts[1], title(parts[1])});
            }
            case "devenv-nouid" -> path.add(new String[] {"without-uid", "Dashboards without uid"});
            case "devenv-hatest" -> path.add(new String[] {"ha-test", "HA test"});
            default -> {
                // public-dashboards, pkg-services: the root folder
            }
        }
        return new SeedPlace(path);
    }

    private static String title(String name) {
        String spaced = name.replace('-', ' ');
        return Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
    }
}
