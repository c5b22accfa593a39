package io.migrationgateway.translators;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * Watches the plans' guard: every translator bug that a plan turned into a 500 is logged there once. A test that
 * expects no bug checks {@link #bugs()} is empty, which tells a guarded bug from a 500 the translator meant.
 */
public final class PlanGuardWatch implements AutoCloseable {
    private final Logger logger = (Logger) LoggerFactory.getLogger("io.migrationgateway.translators.plan.PlanGuard");
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    public PlanGuardWatch() {
        appender.start();
        logger.addAppender(appender);
    }

    /** The bugs logged since this watch started, with their exceptions. */
    public List<String> bugs() {
        return appender.list.stream().map(e -> e.getFormattedMessage() + ": " + e.getThrowableProxy().getClassName() + ": "
                + e.getThrowableProxy().getMessage()).toList();
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
    }
}
