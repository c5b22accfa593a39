package io.migrationgateway.translators.plan;

import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The one place where a translator bug stops: logged once, turned into the answer its caller expects. */
final class PlanGuard {
    private static final Logger LOG = LoggerFactory.getLogger(PlanGuard.class);

    private PlanGuard() {
    }

    static <T> T guarded(Supplier<T> planning, Supplier<T> fallback, String what) {
        try {
            T plan = planning.get();
            if (plan == null) {
                throw new IllegalStateException("a translator planned nothing");
            }
            return plan;
        } catch (RuntimeException | StackOverflowError bug) {
            // a stack overflow is this plan's bug, its stack unwound by now; any other VirtualMachineError (out of
            // memory) is the process's failure and passes on to whoever runs the process
            LOG.error("a translator failed while planning {}", what, bug);
            return fallback.get();
        }
    }
}
