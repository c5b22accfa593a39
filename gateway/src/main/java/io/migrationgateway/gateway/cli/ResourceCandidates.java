package io.migrationgateway.gateway.cli;

import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.translators.grafana.GrafanaResources;
import java.util.Iterator;

/** What the shell completes a RESOURCE with: the built-in resources' plurals (the admin API takes their other names too). */
final class ResourceCandidates implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
        return GrafanaResources.KINDS.stream().map(KindDeclaration::plural).iterator();
    }
}
