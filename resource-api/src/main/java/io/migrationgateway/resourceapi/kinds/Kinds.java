package io.migrationgateway.resourceapi.kinds;

import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.model.GroupResource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The kinds the Resource API serves, looked up the ways requests name them. Immutable and thread-safe.
 *
 * <p>Groups keep the order of declaration; within a group, versions keep the order in which the kinds
 * list them, so the first version of the first kind of a group is its preferred version.
 */
public final class Kinds {
    /** One API group: its versions (preferred first) and its kinds. */
    public record ApiGroup(String name, List<String> versions, List<KindDeclaration> kinds) {
        public ApiGroup {
            versions = List.copyOf(versions);
            kinds = List.copyOf(kinds);
        }

        public String preferredVersion() {
            return versions.get(0);
        }

        /** The kinds served in {@code version}, in declaration order. */
        public List<KindDeclaration> kindsIn(String version) {
            return kinds.stream().filter(k -> k.versions().contains(version)).toList();
        }
    }

    private final List<KindDeclaration> all;
    private final Map<String, ApiGroup> groups;
    private final List<String> groupOrder;

    private Kinds(List<KindDeclaration> declarations) {
        this.all = List.copyOf(declarations);
        Map<String, List<KindDeclaration>> byGroup = new LinkedHashMap<>();
        for (KindDeclaration kind : all) {
            List<KindDeclaration> inGroup = byGroup.computeIfAbsent(kind.group(), g -> new ArrayList<>());
            if (inGroup.stream().anyMatch(k -> k.plural().equals(kind.plural()))) {
                throw new IllegalArgumentException("kind declared twice: " + kind.groupResource());
            }
            inGroup.add(kind);
        }
        Map<String, ApiGroup> built = new LinkedHashMap<>();
        byGroup.forEach((group, kinds) -> {
            List<String> versions = new ArrayList<>();
            kinds.forEach(k -> k.versions().stream().filter(v -> !versions.contains(v)).forEach(versions::add));
            built.put(group, new ApiGroup(group, versions, kinds));
        });
        this.groups = Map.copyOf(built);
        this.groupOrder = List.copyOf(built.keySet());
    }

    public static Kinds of(List<KindDeclaration> declarations) {
        Objects.requireNonNull(declarations, "declarations");
        return new Kinds(declarations);
    }

    /** Every declared kind, in declaration order. */
    public List<KindDeclaration> all() {
        return all;
    }

    /** The groups in declaration order. */
    public List<ApiGroup> groups() {
        return groupOrder.stream().map(groups::get).toList();
    }

    public Optional<ApiGroup> group(String name) {
        return Optional.ofNullable(groups.get(name));
    }

    /** Whether {@code group}/{@code version} is served (some kind of the group lists the version). */
    public boolean serves(String group, String version) {
        ApiGroup found = groups.get(group);
        return found != null && found.versions().contains(version);
    }

    /** The kind a path names, when {@code plural} is served in that group and version. */
    public Optional<KindDeclaration> find(String group, String version, String plural) {
        ApiGroup found = groups.get(group);
        if (found == null) {
            return Optional.empty();
        }
        return found.kinds().stream()
                .filter(k -> k.plural().equals(plural) && k.versions().contains(version))
                .findFirst();
    }

    public Optional<KindDeclaration> find(GroupResource groupResource) {
        ApiGroup found = groups.get(groupResource.group());
        if (found == null) {
            return Optional.empty();
        }
        return found.kinds().stream().filter(k -> k.plural().equals(groupResource.resource())).findFirst();
    }
}
