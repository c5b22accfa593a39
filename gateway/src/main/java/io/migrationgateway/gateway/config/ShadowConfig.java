package io.migrationgateway.gateway.config;

import io.migrationgateway.translators.compare.JsonPath;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Shadow comparison (modes 1–3): which reads are compared, how the work is bounded, and what counts as a difference.
 *
 * @param queueSize              comparisons waiting for a shadow thread; a full queue skips (and counts) the comparison
 * @param concurrency            shadow threads (the bulkhead's size): shadow work never uses the answering threads
 * @param cpuShare               fraction (0 to 1) of the machine's CPU time shadow work may spend (its calls to the
 *                               other side charged their elapsed time); over it, comparisons are skipped (counted)
 *                               until the budget recovers; 1 for no limit
 * @param maxBody                bytes; an answer larger than this is not compared (skipped, counted)
 * @param timeLimit              a comparison still running after this is given up (shadow-error)
 * @param noiseSamplingRate      fraction (0 to 1) of compared reads whose authoritative side is asked a second time
 * @param noiseRelativeThreshold Diffy's relative threshold: a path is a mismatch only when its difference rate exceeds
 *                               its noise rate by more than this fraction of the larger of the two (0.2)
 * @param noiseAbsoluteThreshold Diffy's absolute threshold: ... and by more than this fraction of compared reads (0.0003)
 * @param sampleChars            characters kept of each side's value at a differing path
 * @param retention              comparisons and dual-write records older than this are deleted
 * @param resources              per resource, by its plural name ({@code dashboards})
 */
public record ShadowConfig(int queueSize, int concurrency, double cpuShare, int maxBody, Duration timeLimit, double noiseSamplingRate,
                           double noiseRelativeThreshold, double noiseAbsoluteThreshold, int sampleChars, Duration retention,
                           Map<String, ResourceShadow> resources) {
    public ShadowConfig {
        Checks.range("shadow.queue-size", queueSize, 1, 1_000_000);
        Checks.range("shadow.concurrency", concurrency, 1, 256);
        if (!(cpuShare > 0 && cpuShare <= 1)) {
            throw new ConfigException("shadow.cpu-share", "must be more than 0 and at most 1, was " + cpuShare);
        }
        Checks.range("shadow.max-body", maxBody, 1024, 1024 * 1024 * 1024);
        Checks.positive("shadow.time-limit", timeLimit);
        Checks.fraction("shadow.noise-sampling-rate", noiseSamplingRate);
        Checks.fraction("shadow.noise-relative-threshold", noiseRelativeThreshold);
        Checks.fraction("shadow.noise-absolute-threshold", noiseAbsoluteThreshold);
        Checks.range("shadow.sample-chars", sampleChars, 8, 100_000);
        Checks.positive("shadow.retention", retention);
        if (resources == null) {
            throw new ConfigException("shadow.resources", "is required");
        }
        resources.forEach((plural, settings) -> settings.check("shadow.resources." + plural));
        resources = Map.copyOf(new TreeMap<>(resources));
    }

    /** The settings of the resource with {@code plural}; a resource the configuration does not name is never sampled. */
    public ResourceShadow of(String plural) {
        return Optional.ofNullable(resources.get(plural)).orElse(ResourceShadow.OFF);
    }

    /**
     * @param samplingRate fraction (0 to 1) of objects whose reads are compared; sticky per object name
     * @param ignore       extra rules for this resource's answers and objects, on top of its translator's
     */
    public record ResourceShadow(double samplingRate, List<IgnoreRule> ignore) {
        static final ResourceShadow OFF = new ResourceShadow(0, List.of());

        public ResourceShadow {
            ignore = ignore == null ? List.of() : List.copyOf(ignore);
        }

        void check(String key) {
            Checks.fraction(key + ".sampling-rate", samplingRate);
            for (int i = 0; i < ignore.size(); i++) {
                ignore.get(i).check(key + ".ignore[" + i + "]");
            }
        }
    }

    /**
     * One rule on the paths of an answer. With neither option the path is left out of the comparison; with
     * {@code arrayOrder} the array there is compared in any order; with {@code numberTolerance} numbers there may differ
     * by that fraction of the larger one.
     *
     * @param path            a JSON path in the subset of {@link JsonPath} ({@code $.dashboard.tags}, {@code $[*].id})
     * @param arrayOrder      compare the array at {@code path} as a multiset
     * @param numberTolerance relative tolerance (0 to 1) for numbers at {@code path}; 0 for exact
     */
    public record IgnoreRule(String path, Boolean arrayOrder, Double numberTolerance) {
        public IgnoreRule {
            // either option may be left out in the file
            arrayOrder = arrayOrder != null && arrayOrder;
            numberTolerance = numberTolerance == null ? 0.0 : numberTolerance;
        }

        void check(String key) {
            try {
                JsonPath.parse(path);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(key + ".path", e.getMessage());
            }
            Checks.fraction(key + ".number-tolerance", numberTolerance);
        }

        /** Whether the rule leaves the path out altogether (no option given). */
        public boolean drops() {
            return !arrayOrder && numberTolerance == 0;
        }
    }
}
