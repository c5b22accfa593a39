package io.migrationgateway.translators.hash;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** JSON paths as a tree of member names, each path ending at the index of the value it names. */
final class PathTree {
    private final Map<String, PathTree> children = new HashMap<>();
    private int index = -1;

    /** The tree of {@code paths}, the value at {@code paths.get(i)} numbered {@code i}. */
    static PathTree of(List<List<String>> paths) {
        PathTree root = new PathTree();
        for (int i = 0; i < paths.size(); i++) {
            PathTree node = root;
            for (String name : paths.get(i)) {
                node = node.children.computeIfAbsent(name, n -> new PathTree());
            }
            node.index = i;
        }
        return root;
    }

    /** The subtree under member {@code name}, or null when no path goes through it. */
    PathTree child(String name) {
        return children.get(name);
    }

    /** The number of the value a path ends at here, or -1 when paths only go through. */
    int index() {
        return index;
    }
}
