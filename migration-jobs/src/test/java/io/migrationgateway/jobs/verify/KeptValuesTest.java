package io.migrationgateway.jobs.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.jobs.verify.KeptValues.Expected;
import io.migrationgateway.jobs.work.KeptMetadata.KeptPart;
import io.migrationgateway.translators.hash.CanonicalJson;
import io.migrationgateway.translators.hash.Hash128;
import io.migrationgateway.translators.hash.Projection;
import io.migrationgateway.translators.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KeptValuesTest {
    private static final Projection BESIDES = new Projection(List.of()).besides(KeptValues.BESIDES);
    private static final String STORED = """
        {"metadata": {"name": "d1", "uid": "u-1", "labels": {"grafana.app/deprecatedInternalID": "7", "team": "a"},
                      "annotations": {"grafana.app/folder": "f", "note": "x"}, "finalizers": ["keep"],
                      "managedFields": [{"manager": "kubectl", "time": "2025-01-01T00:00:00Z"}]},
         "spec": {"title": "t"}}
        """;
    private static final String KEPT = """
        {"uid": "u-1", "labels": {"team": "a"}, "annotations": {"note": "x"}, "finalizers": ["keep"],
         "managedFields": [{"manager": "kubectl", "time": "2024-01-01T00:00:00Z"}]}
        """;

    private final CanonicalJson hasher = new CanonicalJson();

    private List<Hash128> stored(String object) {
        return BESIDES.unifiedHashes(object.getBytes(StandardCharsets.UTF_8), hasher).besides();
    }

    private Expected kept(String metadata, boolean settled) {
        return KeptValues.expected(Optional.of(new KeptPart((ObjectNode) Json.tree(metadata), settled)), hasher);
    }

    @Test
    void anObjectWithTheKeptLabelsAnnotationsFinalizersAndUidMatchesWhateverItsManagedFieldsSay() {
        assertThat(kept(KEPT, true).matches(stored(STORED))).isTrue();
    }

    @Test
    void aKeptValueTheObjectLacksOrHasOtherwiseIsADifference() {
        for (String changed : List.of(STORED.replace("\"team\": \"a\"", "\"team\": \"b\""),
                STORED.replace(", \"team\": \"a\"", ""), STORED.replace("\"note\": \"x\"", "\"note\": \"y\""),
                STORED.replace("\"finalizers\": [\"keep\"],", ""), STORED.replace("u-1", "u-2"),
                STORED.replace("\"team\": \"a\"", "\"team\": \"a\", \"extra\": \"z\""))) {
            assertThat(kept(KEPT, true).matches(stored(changed))).as(changed).isFalse();
        }
    }

    @Test
    void anObjectNothingIsKeptForMatchesWithAnyUidAndTheRowsOwnLabelsOnly() {
        Expected nothingKept = KeptValues.expected(Optional.empty(), hasher);
        String legacyOnly = """
            {"metadata": {"name": "d1", "uid": "random", "labels": {"grafana.app/deprecatedInternalID": "7"},
                          "annotations": {"grafana.app/folder": "f"}}}
            """;

        assertThat(nothingKept.matches(stored(legacyOnly))).isTrue();
        assertThat(nothingKept.matches(stored("{\"metadata\": {\"name\": \"d1\"}}"))).isTrue();
        assertThat(nothingKept.matches(stored(STORED))).as("labels only the stored object has").isFalse();
    }

    @Test
    void keptMetadataWithoutAUidLeavesTheUidUncompared() {
        assertThat(kept(KEPT.replace("\"uid\": \"u-1\", ", ""), true).matches(stored(STORED.replace("u-1", "other")))).isTrue();
    }

    @Test
    void keptMetadataAWriteUnderWayMayHaveReplacedNeverMatchesHere() {
        assertThat(kept(KEPT, false).matches(stored(STORED))).isFalse();
    }
}
