package io.migrationgateway.translators.legacy;

import java.text.Normalizer;
import java.util.Locale;
import java.util.random.RandomGenerator;
import java.util.regex.Pattern;

/**
 * Grafana's naming rules, as the legacy simulator applies them: slugs from titles, generated uids, uid checks and
 * the URLs built from them.
 */
public final class Names {
    private static final Pattern UID_CHARS = Pattern.compile("[a-zA-Z0-9\\-_]*");
    private static final Pattern MARKS = Pattern.compile("\\p{M}");
    private static final Pattern NOT_SLUG = Pattern.compile("[^a-z0-9]+");
    private static final Pattern EDGE_DASHES = Pattern.compile("^-+|-+$");
    private static final String LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
    private static final int MAX_SLUG = 189;
    private static final int MAX_UID = 40;
    private static final int NEW_UID_LENGTH = 14;

    private Names() {
    }

    /** Like Grafana's slugify: accents dropped, lower case, runs of anything else become one dash, at most 189 chars. */
    public static String slugify(String title) {
        String ascii = MARKS.matcher(Normalizer.normalize(title, Normalizer.Form.NFD)).replaceAll("");
        String slug = EDGE_DASHES.matcher(NOT_SLUG.matcher(ascii.toLowerCase(Locale.ROOT)).replaceAll("-")).replaceAll("");
        return slug.length() > MAX_SLUG ? slug.substring(0, MAX_SLUG) : slug;
    }

    /**
     * A new uid in Grafana's current style ({@code GenerateShortUID}): 14 lower-case letters and digits, starting with
     * a letter, so that it is also a valid Kubernetes object name.
     */
    public static String newUid(RandomGenerator random) {
        StringBuilder uid = new StringBuilder(NEW_UID_LENGTH).append((char) ('a' + random.nextInt(26)));
        for (int i = 1; i < NEW_UID_LENGTH; i++) {
            uid.append(LOWER_ALNUM.charAt(random.nextInt(LOWER_ALNUM.length())));
        }
        return uid.toString();
    }

    /** Grafana's uid checks with its messages; null when the uid is acceptable (empty is: one is generated). */
    public static String uidProblem(String uid) {
        if (!UID_CHARS.matcher(uid).matches()) {
            return "uid contains illegal characters";
        }
        if (uid.length() > MAX_UID) {
            return "uid too long, max 40 characters";
        }
        return null;
    }

    /** {@code /d/<uid>/<slug>}. */
    public static String dashboardUrl(String uid, String slug) {
        return "/d/" + uid + "/" + slug;
    }

    /** {@code /dashboards/f/<uid>/<slug>}. */
    public static String folderUrl(String uid, String slug) {
        return "/dashboards/f/" + uid + "/" + slug;
    }
}
