package io.migrationgateway.flags.togglz;

import io.migrationgateway.flags.MigrationModes;
import io.migrationgateway.flags.mode.ResourceModes;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.togglz.core.Feature;
import org.togglz.core.metadata.FeatureGroup;
import org.togglz.core.metadata.FeatureMetaData;
import org.togglz.core.repository.FeatureState;
import org.togglz.core.spi.FeatureProvider;
import org.togglz.core.util.NamedFeature;

/**
 * One Togglz feature per flagged resource, named by its resource key. Each feature's metadata also says which mode
 * serves what right now, because a feature that is off keeps its (dormant) mode parameters on display.
 */
public final class ResourceFeatures implements FeatureProvider {
    private final MigrationModes modes;
    private final Set<Feature> features = new LinkedHashSet<>();

    public ResourceFeatures(MigrationModes modes) {
        this.modes = modes;
        modes.resources().forEach(resource -> features.add(new NamedFeature(resource)));
    }

    @Override
    public Set<Feature> getFeatures() {
        return features;
    }

    @Override
    public FeatureMetaData getMetaData(Feature feature) {
        return features.contains(feature) ? new ResourceMetaData(feature, modes.state(feature.name())) : null;
    }

    private record ResourceMetaData(Feature feature, ResourceModes state) implements FeatureMetaData {
        @Override
        public String getLabel() {
            return feature.name();
        }

        @Override
        public FeatureState getDefaultFeatureState() {
            return MigrationModeStrategy.toFeatureState(feature, ResourceModes.initial(feature.name()));
        }

        @Override
        public Set<FeatureGroup> getGroups() {
            return Set.of();
        }

        @Override
        public Map<String, String> getAttributes() {
            StringBuilder serving = new StringBuilder("all namespaces: ").append(state.defaultMode());
            new TreeMap<>(state.namespaces()).keySet()
                    .forEach(namespace -> serving.append("; ").append(namespace).append(": ").append(state.modeOf(namespace)));
            return Map.of("Serving now", serving.toString());
        }
    }
}
