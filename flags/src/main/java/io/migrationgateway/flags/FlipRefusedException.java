package io.migrationgateway.flags;

/**
 * A flip made through Togglz's {@code StateRepository} (the console's own edit page) that the gate refused; it
 * carries the gate's result so that the page can say why.
 */
public final class FlipRefusedException extends RuntimeException {
    private final transient FlipResult result;

    public FlipRefusedException(FlipResult result) {
        super("refused: " + result.explanation());
        this.result = result;
    }

    public FlipResult result() {
        return result;
    }
}
