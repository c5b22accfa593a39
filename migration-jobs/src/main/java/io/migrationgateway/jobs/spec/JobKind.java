package io.migrationgateway.jobs.spec;

import java.util.Arrays;
import java.util.Optional;

/** What a job does; {@link #word()} is its name on the command line, in the admin API and in the tables. */
public enum JobKind {
    /** Legacy rows → unified storage, then catch-up. */
    COPY("copy"),
    /** Legacy rows against unified storage, by canonical hashes; the flip gate's evidence. */
    VERIFY("verify"),
    /** Unified storage → legacy rows, then a verification the other way; the way back down from mode 4. */
    REVERSE_COPY("reverse-copy"),
    /** Every object of the scope read through both paths of the gateway and compared: shadow evidence on demand. */
    COMPARE("compare");

    private final String word;

    JobKind(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static Optional<JobKind> of(String word) {
        return Arrays.stream(values()).filter(k -> k.word.equals(word)).findFirst();
    }
}
