package io.migrationgateway.resourceapi.rest;

import java.io.IOException;

/** Serves one verb: reads what it needs from the call, talks to storage, sets the whole answer (a watch streams it). */
interface VerbHandler {
    /**
     * @throws io.migrationgateway.resourceapi.status.ApiException and storage or patch exceptions, for the status
     *                                                             boundary to answer
     */
    void serve(ResourceCall call) throws IOException;
}
