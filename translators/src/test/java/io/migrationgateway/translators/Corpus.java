package io.migrationgateway.translators;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.legacysim.seed.Seeder;
import io.migrationgateway.translators.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The real dashboard corpus: the 122 Grafana dashboards of {@code shared/data/dashboards} (provenance in the README
 * there), read from the legacy simulator's jar, where they are the seed ({@code legacy-sim/src/main/resources/seed/
 * dashboards}, byte-identical copies with the same README), rather than copied a third time.
 */
public final class Corpus {
    private Corpus() {
    }

    /** The file names, in the seed index's order. */
    public static List<String> files() {
        return Seeder.seedFiles();
    }

    public static byte[] bytes(String file) {
        return Seeder.seedJson(file).getBytes(StandardCharsets.UTF_8);
    }

    /** The dashboard model of a file, as Grafana's devenv keeps it. */
    public static ObjectNode model(String file) {
        return (ObjectNode) Json.tree(Seeder.seedJson(file));
    }
}
