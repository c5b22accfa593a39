package io.migrationgateway.storage.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.storage.FieldSelector;
import io.migrationgateway.storage.LabelSelector;
import io.migrationgateway.storage.WatchEvent;
import io.migrationgateway.storage.WatchEvent.Type;
import org.junit.jupiter.api.Test;

class WatchFilterTest {
    private final WatchFilter teamA = new WatchFilter("ns", LabelSelector.parse("team=a"), FieldSelector.EVERYTHING);

    private static ObjectNode object(String team, long rv) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        ObjectNode meta = object.putObject("metadata").put("name", "x").put("resourceVersion", Long.toString(rv));
        meta.putObject("labels").put("team", team);
        return object;
    }

    private WatchEvent seen(Type type, String before, String after) {
        ObjectNode now = object(after, 2);
        ObjectNode previous = before == null ? null : object(before, 1);
        // A delete carries the last state as both object and previous, as the writer and the history reader make it.
        return teamA.toEvent(new Change(type, 2, "ns", "x", type == Type.DELETED ? previous : now, previous));
    }

    @Test
    void changesWithinTheSelectionPassAsTheyAre() {
        assertThat(seen(Type.ADDED, null, "a").type()).isEqualTo(Type.ADDED);
        assertThat(seen(Type.MODIFIED, "a", "a").type()).isEqualTo(Type.MODIFIED);
        assertThat(seen(Type.DELETED, "a", null).type()).isEqualTo(Type.DELETED);
    }

    @Test
    void enteringTheSelectionIsAddedAndLeavingItIsDeletedAtTheChangesVersion() {
        assertThat(seen(Type.MODIFIED, "b", "a").type()).isEqualTo(Type.ADDED);
        WatchEvent left = seen(Type.MODIFIED, "a", "b");
        assertThat(left.type()).isEqualTo(Type.DELETED);
        assertThat(left.object().path("metadata").path("labels").path("team").asText()).isEqualTo("a");
        assertThat(left.object().path("metadata").path("resourceVersion").asText()).isEqualTo("2");
    }

    @Test
    void changesOutsideTheSelectionOrNamespaceAreNotSent() {
        assertThat(seen(Type.ADDED, null, "b")).isNull();
        assertThat(seen(Type.MODIFIED, "b", "c")).isNull();
        assertThat(seen(Type.DELETED, "b", null)).isNull();
        assertThat(teamA.toEvent(new Change(Type.ADDED, 2, "other", "x", object("a", 2), null))).isNull();
    }
}
