package io.migrationgateway.gateway.lane;

import io.undertow.util.HttpString;

/**
 * A request head the fast lane has read, as the {@link PassThroughRule} sees it: nothing is decoded until asked for.
 * Valid only during the rule's call (the head's buffer is reused for the next request).
 */
public interface LaneRequest {
    HttpString method();

    /** The path as sent, percent-encoded, without the query. */
    String rawPath();

    /** The query as sent, without the {@code ?}, or null when there is none. */
    String rawQuery();

    /** The value of the first header field named {@code lowerCaseName}, or null. */
    String field(String lowerCaseName);

    /** How many header fields are named {@code lowerCaseName}. */
    int fieldCount(String lowerCaseName);
}
