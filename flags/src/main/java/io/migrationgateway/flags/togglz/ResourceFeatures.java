package io.migrationgateway.flags.togglz;

import io.migrationgateway.flags.MigrationModes;
import io.migrationgateway.flags.audit.AuditLog;
import io.migrationgateway.flags.mode.ResourceModes;
import java.sql.SQLException;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.togglz.core.Feature;
import org.togglz.core.metadata.FeatureGroup;
import org.togglz.core.metadata.FeatureMetaData;
import org.togglz.core.repository.FeatureState;
import org.togglz.core.spi.FeatureProvider;
import org.togglz.core.util.NamedFeature;

/**
 * One Togglz feature per flagged resource, named by its resource key. Each feature's metadata is read when the
 * console renders its list, and says in words which mode serves each namespace right now ({@code Mode: 2 dual-write},
 * {@code org-2: 4 unified-only}), because Togglz's Enabled/Disabled badge alone does not say it, and what became of its
 * last flip or save, with the gate's checks, so that an operator back on the list after a save sees what it did; its
 * info link leads to the overview. Attributes are Togglz's own place for such lines, so the console's pages need no
 * rewriting.
 */
public final class ResourceFeatures implements FeatureProvider {
    /** The line naming the mode of every namespace without an override. */
    static final String MODE = "Mode";
    /** The line saying what became of the resource's newest audited flip or save. */
    static final String LAST_FLIP = "Last flip";
    /** The attribute Togglz's console shows as a row's info link. */
    static final String INFO_LINK = "InfoLink";

    private final MigrationModes modes;
    private final AuditLog audit;
    private final String overviewLink;
    private final Set<Feature> features = new LinkedHashSet<>();

    /** @param overviewLink where each row's info link leads: the overview page */
    public ResourceFeatures(MigrationModes modes, AuditLog audit, String overviewLink) {
        this.modes = modes;
        this.audit = audit;
        this.overviewLink = overviewLink;
        modes.resources().forEach(resource -> features.add(new NamedFeature(resource)));
    }

    @Override
    public Set<Feature> getFeatures() {
        return features;
    }

    @Override
    public FeatureMetaData getMetaData(Feature feature) {
        return features.contains(feature) ? new ResourceMetaData(feature, modes.state(feature.name()), lastFlip(feature.name()), overviewLink) : null;
    }

    /** The {@value #LAST_FLIP} line: scope, modes, outcome, who, how, when and each check's verdict. */
    private Optional<String> lastFlip(String resource) {
        try {
            return audit.latest(resource).map(entry -> entry.namespace().orElse("all namespaces") + " " + entry.from()
                    + " to " + entry.to() + " " + (entry.forced() ? "forced" : entry.applied() ? "applied" : "refused")
                    + " by " + entry.who() + " via " + entry.via() + " at " + entry.at().truncatedTo(ChronoUnit.SECONDS)
                    + " (" + (entry.checks().isEmpty() ? "no checks" : entry.checks().stream()
                            .map(check -> check.name() + " " + check.verdict().label()).collect(Collectors.joining(", ")))
                    + ")");
        } catch (SQLException e) {
            // the list must still show the modes, which come from the cache, when the database is away
            return Optional.of("unknown: the audit log cannot be read (" + e.getMessage() + ")");
        }
    }

    private record ResourceMetaData(Feature feature, ResourceModes state, Optional<String> lastFlip, String overviewLink)
            implements FeatureMetaData {
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

        /** {@value #MODE} and one line per namespace override, each with the mode that serves it now, the last flip, the link. */
        @Override
        public Map<String, String> getAttributes() {
            Map<String, String> lines = new LinkedHashMap<>();
            lines.put(MODE, state.defaultMode().toString());
            new TreeMap<>(state.namespaces()).keySet()
                    .forEach(namespace -> lines.put(namespace, state.modeOf(namespace).toString()));
            lastFlip.ifPresent(line -> lines.put(LAST_FLIP, line));
            lines.put(INFO_LINK, overviewLink);
            return lines;
        }
    }
}
