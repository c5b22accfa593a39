package io.migrationgateway.gateway.reports;

import io.migrationgateway.reports.Report;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

/** The three reports over the gateway's database, by name. Thread-safe. */
public final class GatewayReports {
    /** The report names, as the admin API and the command line take them. */
    public static final List<String> KINDS = List.of("shadow", "dual-write", "verification");

    private final ShadowFigures shadow;
    private final DualWriteFigures dualWrite;
    private final VerificationFigures verification;

    public GatewayReports(DataSource dataSource, String gatewayVersion) {
        this.shadow = new ShadowFigures(dataSource, gatewayVersion);
        this.dualWrite = new DualWriteFigures(dataSource, gatewayVersion);
        this.verification = new VerificationFigures(dataSource, gatewayVersion);
    }

    /**
     * The report {@code kind} for {@code query}.
     *
     * @throws IllegalArgumentException for a kind not in {@link #KINDS}
     * @throws SQLException             when the database cannot answer
     */
    public Report build(String kind, ReportQuery query) throws SQLException {
        return switch (kind) {
            case "shadow" -> shadow.build(query);
            case "dual-write" -> dualWrite.build(query);
            case "verification" -> verification.build(query);
            default -> throw new IllegalArgumentException("no report '" + kind + "'; reports: " + String.join(", ", KINDS));
        };
    }
}
