package io.migrationgateway.translators.table;

import io.migrationgateway.translators.TranslatorRegistry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A deployment's resources with their legacy tables, by qualified resource, in discovery order. Immutable. */
public final class LegacyTables {
    private final Map<String, LegacyTable<?>> tables = new LinkedHashMap<>();
    private final TranslatorRegistry translators;

    private LegacyTables(List<LegacyTable<?>> tables) {
        tables.forEach(t -> this.tables.put(t.translator().kind().qualifiedResource(), t));
        this.translators = TranslatorRegistry.of(tables.stream().map(LegacyTable::translator).toList());
    }

    /**
     * The resources of {@code tables}, in that order.
     *
     * @throws IllegalArgumentException when two tables declare one kind or their translators own one route
     */
    public static LegacyTables of(List<LegacyTable<?>> tables) {
        return new LegacyTables(tables);
    }

    public Optional<LegacyTable<?>> forResource(String qualifiedResource) {
        return Optional.ofNullable(tables.get(qualifiedResource));
    }

    public List<String> resources() {
        return List.copyOf(tables.keySet());
    }

    public List<LegacyTable<?>> all() {
        return List.copyOf(tables.values());
    }

    /** The resources' translators, with their route table. */
    public TranslatorRegistry translators() {
        return translators;
    }
}
