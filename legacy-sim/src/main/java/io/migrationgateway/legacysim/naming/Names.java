package io.migrationgateway.legacysim.naming;

import java.text.Normalizer;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/** Grafana's naming rules: slugs from titles, generated uids, uid validation, URLs. */
public final class Names {
    private static final Pattern UID_CHARS = Pattern.compile("[a-zA-Z0-9\\-_]*");
    private static final String LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";

    private Names() {
    }

    /** Like Grafana's slugify: accents dropped, lower case, runs of anything else become one dash. */
    public static String slugify(String title) {
        String ascii = Normalizer.normalize(title, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        String slug = ascii.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        return slug.length() > 189 ? slug.substring(0, 189) : slug;
    }

    /**
     * A new uid in Grafana's current style (GenerateShortUID): 14 characters, lower-case letters and
     * digits, starting with a letter, so that it is also a valid Kubernetes object name.
     */
    public static String newUid() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        StringBuilder uid = new StringBuilder(14).append((char) ('a' + random.nextInt(26)));
        for (int i = 1; i < 14; i++) {
            uid.append(LOWER_ALNUM.charAt(random.nextInt(LOWER_ALNUM.length())));
        }
        return uid.toString();
    }

    /** Grafana's uid checks, with its messages; null when the uid is acceptable. */
    public static String uidProblem(String uid) {
        if (!UID_CHARS.matcher(uid).matches()) {
            return "uid contains illegal characters";
        }
        if (uid.length() > 40) {
            return "uid too long, max 40 characters";
        }
        return null;
    }

    public static String dashboardUrl(String uid, String slug) {
        return "/d/" + uid + "/" + slug;
    }

    public static String folderUrl(String uid, String slug) {
        return "/dashboards/f/" + uid + "/" + slug;
    }
}
