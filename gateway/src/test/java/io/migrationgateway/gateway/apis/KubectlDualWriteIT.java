package io.migrationgateway.gateway.apis;

/** kubectl's whole sequence with every resource in mode 2: the legacy side is still the source of truth. */
class KubectlDualWriteIT extends KubectlAcceptance {
    @Override
    int mode() {
        return 2;
    }
}
