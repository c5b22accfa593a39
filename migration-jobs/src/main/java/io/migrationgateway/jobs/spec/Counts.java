package io.migrationgateway.jobs.spec;

/**
 * What a job has done so far, summed over its slices.
 *
 * @param processed     legacy rows read (copy) or compared (verify)
 * @param created       objects a copy created
 * @param updated       objects a copy replaced with a newer state
 * @param unchanged     objects a copy found already equal
 * @param skippedNewer  objects a copy left alone because the stored one is newer
 * @param unconvertible rows the translator could not convert or the store refused (see the findings)
 * @param matching      rows a verification found equal on both sides
 * @param mismatched    rows on both sides that differ
 * @param missing       rows only the source side has
 * @param extra         rows only the target side has
 */
public record Counts(long processed, long created, long updated, long unchanged, long skippedNewer, long unconvertible,
                     long matching, long mismatched, long missing, long extra) {
    public static final Counts ZERO = new Counts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    public Counts plus(Counts o) {
        return new Counts(processed + o.processed, created + o.created, updated + o.updated, unchanged + o.unchanged,
            skippedNewer + o.skippedNewer, unconvertible + o.unconvertible, matching + o.matching,
            mismatched + o.mismatched, missing + o.missing, extra + o.extra);
    }

    /** Any difference a verification counts: mismatched, missing, extra or unconvertible rows. */
    public boolean anyDifference() {
        return mismatched + missing + extra + unconvertible > 0;
    }
}
