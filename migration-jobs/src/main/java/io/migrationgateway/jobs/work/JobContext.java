package io.migrationgateway.jobs.work;

import io.migrationgateway.jobs.spec.JobSettings;
import io.migrationgateway.jobs.store.JobRepository;
import io.migrationgateway.storage.ObjectImport;
import io.migrationgateway.storage.ResourceStore;
import io.migrationgateway.model.Namespaces;
import javax.sql.DataSource;

/**
 * What every job's work runs against: the jobs' tables, the legacy database (its own setting), unified storage (as
 * a store for objects, and its database for the verification's hashes: the jobs' tables live there too), and how to
 * wait.
 *
 * @param unified the database of unified storage and of the jobs' tables, in their schema
 * @param kept    what the gateway keeps of each object beside its legacy row
 * @param comparer reads objects through both paths of the gateway (the compare job)
 */
public record JobContext(JobRepository repository, DataSource legacy, DataSource unified, ResourceStore store,
                         ObjectImport imports, Namespaces namespaces, JobSettings settings, Throttle.Sleeper sleeper,
                         KeptMetadata kept, Comparer comparer) {
    /** A context without a gateway to compare through (copy, verify and reverse copy only). */
    public JobContext(JobRepository repository, DataSource legacy, DataSource unified, ResourceStore store,
                      ObjectImport imports, Namespaces namespaces, JobSettings settings, Throttle.Sleeper sleeper,
                      KeptMetadata kept) {
        this(repository, legacy, unified, store, imports, namespaces, settings, sleeper, kept, Comparer.NONE);
    }
}
