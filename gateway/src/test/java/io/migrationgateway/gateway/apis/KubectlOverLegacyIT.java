package io.migrationgateway.gateway.apis;

/** kubectl's whole sequence with every resource in mode 0, as the demo starts: objects on the legacy side, the rest kept by the gateway. */
class KubectlOverLegacyIT extends KubectlAcceptance {
    @Override
    int mode() {
        return 0;
    }
}
