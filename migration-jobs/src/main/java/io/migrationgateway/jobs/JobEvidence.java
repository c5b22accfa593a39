package io.migrationgateway.jobs;

import io.migrationgateway.flags.gate.GateEvidence;
import io.migrationgateway.flags.gate.Scope;
import io.migrationgateway.jobs.store.JobRepository;
import io.migrationgateway.jobs.verify.VerifyWork;
import java.sql.SQLException;
import java.util.Optional;

/**
 * The flip gate's evidence from the jobs' results: the latest verification (legacy against unified storage) and the
 * verification of the latest reverse copy, each for the flip's resource and namespace (no namespace: a job over every
 * namespace). Unconvertible rows count as mismatched. The other evidence comes from elsewhere (the gateway composes).
 */
public final class JobEvidence implements GateEvidence {
    private final JobRepository repository;

    public JobEvidence(JobRepository repository) {
        this.repository = repository;
    }

    @Override
    public Optional<Verification> latestVerification(Scope scope) {
        return latest(scope, VerifyWork.LEGACY_TO_UNIFIED);
    }

    @Override
    public Optional<Verification> latestReverseCopy(Scope scope) {
        return latest(scope, VerifyWork.UNIFIED_TO_LEGACY);
    }

    private Optional<Verification> latest(Scope scope, String direction) {
        try {
            return repository.latestVerification(scope.resource(), scope.namespace().orElse(""), direction);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the latest verification of " + scope.describe(), e);
        }
    }
}
