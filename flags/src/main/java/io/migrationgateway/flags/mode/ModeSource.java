package io.migrationgateway.flags.mode;

import java.sql.SQLException;

/** Where {@code MigrationModes} reads a resource's committed flag from. */
@FunctionalInterface
public interface ModeSource {
    /** The stored state of {@code resource}, or {@link ResourceModes#initial} when it has none. */
    ResourceModes load(String resource) throws SQLException;
}
