package io.migrationgateway.reports;

/** One of the three reports. */
public sealed interface Report permits ShadowReport, DualWriteReport, VerificationReport {
    ReportHeader header();
}
