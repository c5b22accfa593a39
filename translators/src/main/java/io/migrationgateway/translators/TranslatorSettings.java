package io.migrationgateway.translators;

import io.migrationgateway.model.Namespaces;
import java.time.Clock;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * What translators need from the deployment. Everything that is not a pure function of the request is here, so
 * that tests control it.
 *
 * @param namespaces org ↔ namespace of this deployment
 * @param ids        new legacy ids for objects created on the unified side
 * @param identities legacy users ↔ identity annotations
 * @param clock      the time of {@code updatedTimestamp} annotations written on the unified side
 * @param random     the source of generated uids; shared by every thread, so thread-safe ({@code new SecureRandom()},
 *                   {@code new Random()}; not {@code ThreadLocalRandom.current()}, which belongs to one thread)
 */
public record TranslatorSettings(Namespaces namespaces, IdAllocator ids, UserIdentities identities, Clock clock,
                                 RandomGenerator random) {
    public TranslatorSettings {
        Objects.requireNonNull(namespaces, "namespaces");
        Objects.requireNonNull(ids, "ids");
        Objects.requireNonNull(identities, "identities");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(random, "random");
    }
}
