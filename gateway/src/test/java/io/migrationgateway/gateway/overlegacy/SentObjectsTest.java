package io.migrationgateway.gateway.overlegacy;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.ref.Reference;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SentObjectsTest {
    private final SentObjects sent = new SentObjects();

    @Test
    void anObjectIsHeldFromItsAddUntilItsRemove() {
        assertThat(sent.remove("default", "a")).isFalse();
        assertThat(sent.add("default", "a")).isTrue();
        assertThat(sent.add("default", "a")).as("held already").isFalse();
        assertThat(sent.remove("default", "a")).isTrue();
        assertThat(sent.remove("default", "a")).as("gone").isFalse();
    }

    @Test
    void theSameNameInAnotherNamespaceIsAnotherObject() {
        sent.add("default", "a");

        assertThat(sent.add("org-2", "a")).isTrue();
        assertThat(sent.remove("org-2", "a")).isTrue();
        assertThat(sent.remove("default", "a")).isTrue();
    }

    @Test
    void followsWhatWasSentThroughGrowthAndRemovalsInTheMiddleOfProbeRuns() {
        SplittableRandom random = new SplittableRandom(11);
        Set<String> reference = new HashSet<>();
        for (int i = 0; i < 200_000; i++) {
            String name = "dash-" + random.nextInt(20_000);
            if (random.nextInt(5) < 3) {
                assertThat(sent.add("default", name)).as(name).isEqualTo(reference.add(name));
            } else {
                assertThat(sent.remove("default", name)).as(name).isEqualTo(reference.remove(name));
            }
        }
        for (int i = 0; i < 20_000; i++) {
            String name = "dash-" + i;
            assertThat(sent.remove("default", name)).as(name).isEqualTo(reference.contains(name));
        }
    }

    @Test
    void aMillionObjectsCostAboutSixteenBytesEach() throws Exception {
        int objects = 1_000_000;
        long before = RetainedHeap.usedAfterGc();
        SentObjects million = new SentObjects();
        for (int i = 0; i < objects; i++) {
            million.add("default", RowMarkersTest.grafanaUid(i));
        }
        long perObject = (RetainedHeap.usedAfterGc() - before) / objects;
        Reference.reachabilityFence(million);

        // 17 at the gateway's 512 MB heap; a bigger heap's bigger G1 regions round the slot array up further
        System.out.printf("SentObjects: %d bytes per object%n", perObject);
        assertThat(perObject).isLessThanOrEqualTo(24);
    }
}
