package io.migrationgateway.translators.hash;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON paths as a tree of member names, each path ending at the index of the value it names: the value hashed whole,
 * or the members of an object at it but those whose names begin with a prefix.
 */
final class PathTree {
    private final Map<String, PathTree> children = new HashMap<>();
    private int index = -1;
    private int membersIndex = -1;
    private String leftOutPrefix = "";

    /**
     * One path of a tree.
     *
     * @param leftOutPrefix {@code ""}: the value is hashed whole; else the value is an object hashed without its members
     *                      whose names begin with it (other paths may go on through those members only)
     */
    record Target(List<String> path, String leftOutPrefix) {
        Target {
            path = List.copyOf(path);
        }
    }

    /** The tree of {@code targets}, the value at {@code targets.get(i)} numbered {@code i}. */
    static PathTree of(List<Target> targets) {
        PathTree root = new PathTree();
        for (int i = 0; i < targets.size(); i++) {
            PathTree node = root;
            for (String name : targets.get(i).path()) {
                node = node.children.computeIfAbsent(name, n -> new PathTree());
            }
            if (targets.get(i).leftOutPrefix().isEmpty()) {
                node.index = i;
            } else {
                node.membersIndex = i;
                node.leftOutPrefix = targets.get(i).leftOutPrefix();
            }
        }
        root.checkMembersLeftOut();
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

    /** The number of the hash of this object's members not left out, or -1 when no path ends here so. */
    int membersIndex() {
        return membersIndex;
    }

    /** Whether member {@code name} counts in the hash of this object's members. */
    boolean counts(String name) {
        return !name.startsWith(leftOutPrefix);
    }

    /** A member hashed as part of its object's members cannot be hashed again on a path of its own. */
    private void checkMembersLeftOut() {
        children.forEach((name, child) -> {
            if (membersIndex >= 0 && counts(name)) {
                throw new IllegalArgumentException("a path goes through member " + name + ", which is not left out");
            }
            child.checkMembersLeftOut();
        });
    }
}
