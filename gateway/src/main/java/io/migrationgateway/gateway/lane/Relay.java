package io.migrationgateway.gateway.lane;

import java.util.concurrent.CompletionStage;

/** What the fast lane does with a request, as the {@link PassThroughRule} decides. */
public sealed interface Relay {
    /** The request needs the request chain: the connection goes to it, with this request, for good. */
    Relay HAND_OFF = new HandOff();
    /** Forwarded to the legacy side as it came, and the answer relayed back. */
    Relay AS_IS = new AsIs();

    /** See {@link #HAND_OFF}. */
    record HandOff() implements Relay {
    }

    /** See {@link #AS_IS}. */
    record AsIs() implements Relay {
    }

    /**
     * Relayed as it came, and the answer's body copied on the way (at most {@code cap} bytes) for {@code copy}, which
     * gets it once the caller has the whole answer.
     */
    record Copying(int cap, AnswerCopy copy) implements Relay {
    }

    /**
     * Not decidable yet (the caller's identity is being asked of the legacy side): the lane asks the rule again once
     * {@code ready} completes, however it completes, and reads no further request from the connection meanwhile.
     */
    record Later(CompletionStage<?> ready) implements Relay {
    }
}
