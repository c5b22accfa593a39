package io.migrationgateway.gateway.overlegacy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.jobs.work.KeptMetadata.KeptPart;
import org.junit.jupiter.api.Test;

/** What a verification takes from the kept metadata for a row it has not converted: only its legacy id tells. */
class KeptPartsTest {
    private static final ObjectNode METADATA = JsonNodeFactory.instance.objectNode().put("uid", "u-1");

    @Test
    void metadataKeptForTheSameLegacyObjectApplies() {
        assertThat(KeptObjects.part(7, 7, METADATA, false)).contains(new KeptPart(METADATA, true));
    }

    @Test
    void metadataKeptForAnotherLegacyObjectOrForNoneDoesNot() {
        assertThat(KeptObjects.part(7, 8, METADATA, false)).isEmpty();
        assertThat(KeptObjects.part(0, 0, METADATA, false)).isEmpty();
    }

    @Test
    void aWriteUnderWayLeavesItUnsettled() {
        assertThat(KeptObjects.part(7, 7, METADATA, true)).contains(new KeptPart(METADATA, false));
        assertThat(KeptObjects.part(7, 0, METADATA, true)).hasValueSatisfying(part -> {
            assertThat(part.settled()).isFalse();
            assertThat(part.metadata().isEmpty()).isTrue();
        });
    }
}
