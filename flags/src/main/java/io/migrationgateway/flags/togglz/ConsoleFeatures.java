package io.migrationgateway.flags.togglz;

import io.migrationgateway.flags.MigrationFlags;
import java.util.List;
import org.togglz.core.manager.FeatureManager;
import org.togglz.core.manager.FeatureManagerBuilder;
import org.togglz.core.user.UserProvider;

/** The Togglz side of the migration flags: what the console shows and saves. */
public final class ConsoleFeatures {
    private ConsoleFeatures() {
    }

    /**
     * A Togglz feature manager over {@code flags}, for the console: one feature per resource, with the
     * {@link MigrationModeStrategy} as its only strategy; saving a state goes through the flags' mode changes, by the
     * user {@code users} names.
     *
     * @param overviewLink where each resource's row links to: the overview page
     */
    public static FeatureManager featureManager(MigrationFlags flags, UserProvider users, String overviewLink) {
        return new FeatureManagerBuilder()
                .name("migration-flags")
                .featureProvider(new ResourceFeatures(flags.modes(), flags.audit(), overviewLink))
                .stateRepository(new FlagStateRepository(flags.modes(), flags.changes(), users))
                .userProvider(users)
                .activationStrategyProvider(() -> List.of(new MigrationModeStrategy()))
                .build();
    }
}
