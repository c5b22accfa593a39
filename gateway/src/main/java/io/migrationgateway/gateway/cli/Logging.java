package io.migrationgateway.gateway.cli;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;
import io.migrationgateway.gateway.config.LogConfig;
import java.net.URL;
import org.slf4j.LoggerFactory;

/** Re-reads {@code logback.xml} with the configured format ({@code text} or {@code json}). */
final class Logging {
    private Logging() {
    }

    static void apply(LogConfig config) {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            return;
        }
        URL xml = Logging.class.getResource("/logback.xml");
        if (xml == null) {
            return;
        }
        context.reset();
        context.putProperty("LOG_FORMAT", config.format().toUpperCase(java.util.Locale.ROOT));
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        try {
            configurator.doConfigure(xml);
        } catch (JoranException e) {
            System.err.println("logging configuration failed: " + e.getMessage());
        }
    }
}
