package io.migrationgateway.resourceapi;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * How the Resource API behaves where Kubernetes leaves a choice to the server. Immutable; start from
 * {@link #defaults()} and change what differs.
 *
 * @param maxBodyBytes     the largest request body accepted; bigger ones get 413 (the apiserver's cap is 3 MiB)
 * @param bookmarkInterval how often an idle watch that allows bookmarks gets one
 * @param maxWatch         the longest a watch stays open; {@code timeoutSeconds} is capped by it, so a client that
 *                         never disconnects cannot hold a watch forever
 * @param clock            the time written into managed fields and shown as Table ages
 */
public record ResourceApiSettings(int maxBodyBytes, Duration bookmarkInterval, Duration maxWatch, Clock clock) {
    public static final int DEFAULT_MAX_BODY_BYTES = 3 * 1024 * 1024;

    public ResourceApiSettings {
        if (maxBodyBytes < 1024) {
            throw new IllegalArgumentException("maxBodyBytes must be at least 1024, got " + maxBodyBytes);
        }
        Objects.requireNonNull(bookmarkInterval, "bookmarkInterval");
        if (bookmarkInterval.isNegative() || bookmarkInterval.isZero()) {
            throw new IllegalArgumentException("bookmarkInterval must be positive, got " + bookmarkInterval);
        }
        Objects.requireNonNull(maxWatch, "maxWatch");
        if (maxWatch.toSeconds() < 1) {
            throw new IllegalArgumentException("maxWatch must be at least one second, got " + maxWatch);
        }
        Objects.requireNonNull(clock, "clock");
    }

    /** 3 MiB bodies, bookmarks every 30 s, watches up to 30 minutes, the system clock. */
    public static ResourceApiSettings defaults() {
        return new ResourceApiSettings(DEFAULT_MAX_BODY_BYTES, Duration.ofSeconds(30), Duration.ofMinutes(30),
                Clock.systemUTC());
    }

    public ResourceApiSettings withMaxBodyBytes(int value) {
        return new ResourceApiSettings(value, bookmarkInterval, maxWatch, clock);
    }

    public ResourceApiSettings withBookmarkInterval(Duration value) {
        return new ResourceApiSettings(maxBodyBytes, value, maxWatch, clock);
    }

    public ResourceApiSettings withMaxWatch(Duration value) {
        return new ResourceApiSettings(maxBodyBytes, bookmarkInterval, value, clock);
    }

    public ResourceApiSettings withClock(Clock value) {
        return new ResourceApiSettings(maxBodyBytes, bookmarkInterval, maxWatch, value);
    }
}
