package io.migrationgateway.gateway.demo;

import java.util.List;

/**
 * Playlists from mode 0 (legacy) to mode 4 (unified-only) through the gate, never forced: the steps the demo prints
 * for a user to paste and {@link Tour} runs itself. A fresh demo has no traffic, so {@code migrate compare} earns the
 * gate's shadow check by comparing every playlist.
 */
public final class Ladder {
    /** The resource walked: a few rows, so its copy, verification and compare take seconds. */
    public static final String RESOURCE = "playlists";

    /** One step of the walk. */
    public sealed interface Step permits Flip, Job {
        /** The step as an {@code mgw} command line, without the admin API's options. */
        String command();
    }

    /** {@code mode set playlists MODE --reason REASON}, through the gate and unforced. */
    public record Flip(int mode, String reason) implements Step {
        @Override
        public String command() {
            return "mode set " + RESOURCE + " " + mode + " --reason \"" + reason + "\"";
        }
    }

    /** {@code migrate KIND playlists}, followed to its end. */
    public record Job(String kind) implements Step {
        @Override
        public String command() {
            return "migrate " + kind + " " + RESOURCE;
        }
    }

    public static final List<Step> STEPS = List.of(new Flip(2, "dual-write"), new Job("copy"), new Job("verify"), new Job("compare"),
            new Flip(3, "unified reads"), new Flip(4, "cut-over"));

    private Ladder() {
    }

    /**
     * The steps as shell lines to paste.
     *
     * @param adminOptions what each {@code mgw} command needs beyond {@code MGW_ADMIN_PASSWORD} (an {@code --admin-url}), or ""
     */
    static List<String> commands(String adminOptions) {
        return STEPS.stream().map(step -> "mgw " + step.command() + adminOptions).toList();
    }
}
