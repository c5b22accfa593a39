package io.migrationgateway.gateway.overlegacy;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.storage.WatchEvent;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RowMarkersTest {
    /** One reported difference, as a comparable value. */
    record Found(WatchEvent.Type type, long orgId, String uid) {
    }

    /** One row of a legacy table. */
    record Row(long orgId, String uid, long marker) {
    }

    private final RowMarkers markers = new RowMarkers();

    @Test
    void rowsNewSinceTheLastPassAreAddedAndRowsWhoseMarkerMovedAreModified() {
        pass(new Row(1, "a", 1), new Row(2, "a", 1), new Row(2, "b", 7));

        List<Found> found = pass(new Row(1, "a", 1), new Row(2, "a", 2), new Row(2, "b", 7), new Row(2, "c", 1));

        assertThat(found).containsExactly(new Found(WatchEvent.Type.MODIFIED, 2, "a"), new Found(WatchEvent.Type.ADDED, 2, "c"));
    }

    @Test
    void rowsMissingFromAPassAreDeletedWithTheirOrgAndUid() {
        long bigOrg = 1L << 40;
        pass(new Row(1, "same-uid", 1), new Row(2, "same-uid", 1), new Row(bigOrg, "far", 1), new Row(1, "kept", 1));

        List<Found> found = pass(new Row(1, "same-uid", 1), new Row(1, "kept", 1));

        assertThat(found).containsExactlyInAnyOrder(new Found(WatchEvent.Type.DELETED, 2, "same-uid"),
                new Found(WatchEvent.Type.DELETED, bigOrg, "far"));
        assertThat(pass(new Row(1, "same-uid", 1), new Row(1, "kept", 1))).as("forgotten once reported").isEmpty();
        assertThat(pass(new Row(1, "same-uid", 1), new Row(1, "kept", 1), new Row(2, "same-uid", 1)))
                .containsExactly(new Found(WatchEvent.Type.ADDED, 2, "same-uid"));
    }

    @Test
    void uidsWithNonAsciiCharactersComeBackIntact() {
        List<String> uids = List.of("tableau-de-bord-é", "ダッシュボード", "📈-latency", "ß", "naïve/ü");
        List<Row> rows = new ArrayList<>();
        uids.forEach(uid -> rows.add(new Row(3, uid, 1)));
        assertThat(pass(rows.toArray(Row[]::new))).extracting(Found::uid).containsExactlyElementsOf(uids);

        List<Found> found = pass(new Row(3, "ß", 1));

        assertThat(found).extracting(Found::uid).containsExactlyInAnyOrder("tableau-de-bord-é", "ダッシュボード", "📈-latency", "naïve/ü");
        assertThat(found).extracting(Found::type).containsOnly(WatchEvent.Type.DELETED);
    }

    @Test
    void anUnfinishedPassReportsNoDeletion() {
        pass(new Row(1, "a", 1), new Row(1, "b", 1), new Row(1, "c", 1));
        List<Found> found = new ArrayList<>();
        markers.beginPass();
        markers.row(1, "a", 2, (type, orgId, uid) -> found.add(new Found(type, orgId, uid))); // then the read fails

        List<Found> next = pass(new Row(1, "a", 2), new Row(1, "c", 1));

        assertThat(found).containsExactly(new Found(WatchEvent.Type.MODIFIED, 1, "a"));
        assertThat(next).containsExactly(new Found(WatchEvent.Type.DELETED, 1, "b"));
    }

    @Test
    void everyPassReportsExactlyWhatChangedThroughGrowthAndMassDeletion() {
        SplittableRandom random = new SplittableRandom(7);
        Map<Row, Long> table = new HashMap<>(); // key (marker 0) -> marker
        Map<Row, Long> lastPass = new HashMap<>();
        pass();
        for (int round = 0; round < 40; round++) {
            if (round == 20) {
                table.keySet().removeIf(key -> random.nextInt(10) != 0); // most of the table goes: the arrays shrink
            }
            for (int i = 0; i < 600; i++) {
                Row key = new Row(1 + random.nextInt(3), "uid-" + random.nextInt(10_000), 0);
                if (random.nextInt(3) == 0) {
                    table.remove(key);
                } else {
                    table.merge(key, 1L, Long::sum);
                }
            }
            List<Found> expected = new ArrayList<>();
            table.forEach((key, marker) -> {
                Long before = lastPass.get(key);
                if (before == null) {
                    expected.add(new Found(WatchEvent.Type.ADDED, key.orgId(), key.uid()));
                } else if (!before.equals(marker)) {
                    expected.add(new Found(WatchEvent.Type.MODIFIED, key.orgId(), key.uid()));
                }
            });
            lastPass.keySet().stream().filter(key -> !table.containsKey(key))
                    .forEach(key -> expected.add(new Found(WatchEvent.Type.DELETED, key.orgId(), key.uid())));

            List<Found> found = pass(table.entrySet().stream().map(e -> new Row(e.getKey().orgId(), e.getKey().uid(), e.getValue()))
                    .toArray(Row[]::new));

            assertThat(found).as("round " + round).containsExactlyInAnyOrderElementsOf(expected);
            lastPass.clear();
            lastPass.putAll(table);
        }
    }

    @Test
    void aMillionRowsCostAFewTensOfBytesEach() throws Exception {
        int rows = 1_000_000;
        long before = RetainedHeap.usedAfterGc();
        RowMarkers million = new RowMarkers();
        million.beginPass();
        for (int i = 0; i < rows; i++) {
            million.row(1 + i % 2, grafanaUid(i), 1, (type, orgId, uid) -> {
            });
        }
        million.endPass((type, orgId, uid) -> {
        });
        long perRow = (RetainedHeap.usedAfterGc() - before) / rows;
        Reference.reachabilityFence(million);

        // about 42 at the gateway's 512 MB heap; a bigger heap's bigger G1 regions round each large array up further
        System.out.printf("RowMarkers: %d bytes per row of a 14-character uid%n", perRow);
        assertThat(perRow).isLessThan(64);
    }

    /** A uid like Grafana's generated ones: 14 lower-case letters and digits. */
    static String grafanaUid(long index) {
        char[] uid = new char[14];
        long rest = index * 0x9E3779B97F4A7C15L;
        uid[0] = (char) ('a' + Math.floorMod(rest, 26));
        for (int i = 1; i < uid.length; i++) {
            rest = rest * 6364136223846793005L + 1442695040888963407L;
            uid[i] = "abcdefghijklmnopqrstuvwxyz0123456789".charAt((int) ((rest >>> 33) % 36));
        }
        return new String(uid);
    }

    private List<Found> pass(Row... rows) {
        List<Found> found = new ArrayList<>();
        RowMarkers.Differences differences = (type, orgId, uid) -> found.add(new Found(type, orgId, uid));
        markers.beginPass();
        for (Row row : rows) {
            markers.row(row.orgId(), row.uid(), row.marker(), differences);
        }
        markers.endPass(differences);
        return found;
    }
}
