package io.migrationgateway.gateway.dualwrite;

import io.migrationgateway.gateway.overlegacy.KeptMetadataStore;
import io.migrationgateway.gateway.upstream.LegacyClient;
import io.migrationgateway.translators.Translator;

/**
 * The legacy side a kind's dual-writes read and write: its rows when the kind says so
 * ({@link Translator#writesLegacyRows}), otherwise its legacy API with one caller's credentials.
 */
record LegacySides(LegacyClient client, KeptMetadataStore kept, LegacyRowsSide rows) {
    Side of(Translator translator, String authorization) {
        return translator.writesLegacyRows() ? rows : new LegacySide(client, authorization, kept);
    }
}
