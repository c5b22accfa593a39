package io.migrationgateway.translators.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.TreeMap;

/**
 * An object whose keys are always in Go's map order, because its map is sorted; made only by
 * {@link Json#parseSorted}, whose every object is one. {@link SortedKeys} trusts such a node's whole subtree to be
 * sorted, which holds because the translators never put a node into a tree they parsed (they build new trees that
 * share its subtrees).
 */
final class SortedObjectNode extends ObjectNode {
    SortedObjectNode(JsonNodeFactory factory) {
        super(factory, new TreeMap<String, JsonNode>(SortedKeys.GO_ORDER));
    }

    /** The factory of sorted parses: objects sorted as they are read, which costs a few percent of the parse. */
    static final class Factory extends GoNumbers.Factory {

        @Override
        public ObjectNode objectNode() {
            return new SortedObjectNode(this);
        }
    }
}
