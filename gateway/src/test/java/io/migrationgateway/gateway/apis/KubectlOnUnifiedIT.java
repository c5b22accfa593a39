package io.migrationgateway.gateway.apis;

/** kubectl's whole sequence with every resource in mode 4: objects in unified storage only. */
class KubectlOnUnifiedIT extends KubectlAcceptance {
    @Override
    int mode() {
        return 4;
    }
}
