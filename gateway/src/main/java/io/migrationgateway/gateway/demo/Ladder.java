package io.migrationgateway.gateway.demo;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Playlists from mode 0 (legacy) to mode 4 (unified-only) through the gate, never forced: the steps the demo prints
 * for a user to paste and {@link Tour} runs itself.
 */
public final class Ladder {
    /** The resource walked: a few rows, so its copy, verification and shadow reads take seconds. */
    public static final String RESOURCE = "playlists";

    /** The compared reads the demo's gate wants before mode 3 ({@code flags.gates.shadow-min-compared}; 1000 outside it). */
    public static final int SHADOW_MIN_COMPARED = 20;

    /** What the demo sets so that a fresh demo can pass the gate's shadow check, as the welcome text says it. */
    public static final String DEMO_SETTINGS = "every playlist read is compared (shadow.resources.playlists.sampling-rate 1, "
            + "shadow.cpu-share 1) and the gate wants " + SHADOW_MIN_COMPARED
            + " compared reads (flags.gates.shadow-min-compared, 1000 outside the demo)";

    /** One step of the walk. */
    public sealed interface Step permits Flip, Job, Reads {
    }

    /** {@code mode set playlists MODE --reason REASON}, through the gate and unforced. */
    public record Flip(int mode, String reason) implements Step {
        public String command() {
            return "mode set " + RESOURCE + " " + mode + " --reason \"" + reason + "\"";
        }
    }

    /** {@code migrate KIND playlists}, followed to its end. */
    public record Job(String kind) implements Step {
        public String command() {
            return "migrate " + kind + " " + RESOURCE;
        }
    }

    /** Reads of every playlist through the gateway in mode 2: the compared reads the gate's shadow check counts. */
    public record Reads() implements Step {
    }

    public static final List<Step> STEPS = List.of(new Flip(2, "dual-write"), new Job("copy"), new Job("verify"), new Reads(),
            new Flip(3, "unified reads"), new Flip(4, "cut-over"));

    private Ladder() {
    }

    /** Rounds over every playlist: twice the reads the gate wants, so that a comparison skipped now and then does not starve it. */
    static int readRounds(int playlists) {
        return Math.max(1, (2 * SHADOW_MIN_COMPARED + playlists - 1) / Math.max(1, playlists));
    }

    /**
     * The steps as shell lines to paste: {@code mgw} commands and, for the reads, one curl loop per org.
     *
     * @param adminOptions what each {@code mgw} command needs beyond {@code MGW_ADMIN_PASSWORD} (an {@code --admin-url}), or ""
     */
    static List<String> commands(String adminOptions, URI gateway, String legacyAdminPassword, List<Playlist> playlists) {
        List<String> lines = new ArrayList<>();
        for (Step step : STEPS) {
            switch (step) {
                case Flip flip -> lines.add("mgw " + flip.command() + adminOptions);
                case Job job -> lines.add("mgw " + job.command() + adminOptions);
                case Reads reads -> lines.addAll(readLoops(gateway, legacyAdminPassword, playlists));
            }
        }
        return lines;
    }

    private static List<String> readLoops(URI gateway, String legacyAdminPassword, List<Playlist> playlists) {
        Map<Long, List<String>> uidsByOrg = new TreeMap<>(playlists.stream().collect(
                Collectors.groupingBy(Playlist::orgId, Collectors.mapping(Playlist::uid, Collectors.toList()))));
        int rounds = readRounds(playlists.size());
        List<String> loops = new ArrayList<>();
        uidsByOrg.forEach((org, uids) -> loops.add("for i in $(seq " + rounds + "); do for uid in " + String.join(" ", uids)
                + "; do curl -s -o /dev/null -u 'admin:" + legacyAdminPassword + "' -H 'X-Grafana-Org-Id: " + org + "' "
                + gateway + "/api/playlists/$uid; done; done"));
        return loops;
    }
}
