package io.migrationgateway.gateway.cli;

import io.migrationgateway.flags.mode.Mode;
import java.util.Arrays;
import java.util.Iterator;

/** What the shell completes a MODE with: 0 to 5. */
final class ModeCandidates implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
        return Arrays.stream(Mode.values()).map(mode -> String.valueOf(mode.number())).iterator();
    }
}
