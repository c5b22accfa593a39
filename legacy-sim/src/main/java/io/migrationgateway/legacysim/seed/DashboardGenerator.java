package io.migrationgateway.legacysim.seed;

import io.migrationgateway.legacysim.http.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Makes any number of realistic dashboards for scale runs by varying the real seed dashboards: each one is a
 * seed dashboard with a new uid, a new title, some panels dropped and some duplicated (with fresh ids and a
 * place at the bottom of the grid), and a different set of tags, so sizes and shapes spread like the seed's.
 *
 * <p>Deterministic: {@link #dashboard(long)} depends only on the generator's seed and the index, so a run can
 * be repeated, resumed or split without keeping anything. Within one generator every index has its own uid
 * (the uid encodes a bijection of the index); different seeds give different uids with overwhelming
 * probability. Thread-safe: the base dashboards are never modified and every call returns fresh maps.
 *
 * <p>Seed dashboards that have no {@code panels} list (two pre-5.0 models that only have {@code rows}) are
 * left out of the pool, so that every generated model has panels.
 */
public final class DashboardGenerator {
    /** Grafana's {@code dashboard.title} column is NVARCHAR(189). */
    static final int MAX_TITLE = 189;
    /** Grafana's {@code dashboard_tag.term} column is NVARCHAR(50). */
    static final int MAX_TAG = 50;
    private static final int GRID_WIDTH = 24;
    private static final String BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";
    private static final List<String> TEAMS = List.of("Payments", "Checkout", "Search", "Identity", "Platform", "Data",
            "Mobile", "Edge", "Billing", "Ledger", "Messaging", "Storage", "SRE", "Observability");
    private static final List<String> ENVIRONMENTS = List.of("prod", "prod-eu", "prod-us", "staging", "qa", "dev");
    private static final List<String> EXTRA_TAGS = List.of("slo", "k8s", "database", "frontend", "backend", "critical",
            "on-call", "capacity", "latency", "cost");

    private final long seed;
    private final List<Map<String, Object>> bases;

    private DashboardGenerator(long seed, List<Map<String, Object>> bases) {
        if (bases.isEmpty()) {
            throw new IllegalArgumentException("no base dashboard with a panels list");
        }
        this.seed = seed;
        this.bases = bases;
    }

    /** A generator over the seed dashboards shipped in {@code seed/dashboards}. */
    public static DashboardGenerator fromSeedDashboards(long seed) {
        List<Map<String, Object>> models = new ArrayList<>();
        for (String file : Seeder.seedFiles()) {
            models.add(Json.parseModel(Seeder.seedJson(file)));
        }
        return of(seed, models);
    }

    /** A generator over the given dashboard models (copied; those without a {@code panels} list are skipped). */
    public static DashboardGenerator of(long seed, List<Map<String, Object>> models) {
        List<Map<String, Object>> bases = new ArrayList<>();
        for (Map<String, Object> model : models) {
            if (model.get("panels") instanceof List<?>) {
                bases.add(deepCopy(model));
            }
        }
        return new DashboardGenerator(seed, List.copyOf(bases));
    }

    /**
     * One generated dashboard.
     *
     * @param uid   Grafana-style: 14 characters, lower-case letters and digits, starting with a letter
     * @param title at most 189 characters
     * @param tags  distinct, non-blank, at most 50 characters each: exactly what {@code dashboard_tag} holds
     * @param model the dashboard JSON model (with this uid, title and tags, {@code version} 1 and no {@code id});
     *              a fresh mutable map the caller owns
     */
    public record Generated(String uid, String title, List<String> tags, Map<String, Object> model) {
        public Generated {
            Objects.requireNonNull(uid, "uid");
            Objects.requireNonNull(title, "title");
            tags = List.copyOf(tags);
            Objects.requireNonNull(model, "model");
        }
    }

    /** The dashboard at {@code index} (0 or more) of this generator's sequence. */
    public Generated dashboard(long index) {
        if (index < 0) {
            throw new IllegalArgumentException("index must be 0 or more, got " + index);
        }
        SplittableRandom random = new SplittableRandom(mix(seed ^ mix(index)));
        Map<String, Object> model = deepCopy(bases.get(random.nextInt(bases.size())));
        String team = pick(random, TEAMS);
        String environment = pick(random, ENVIRONMENTS);
        String uid = uid(index, random);
        String title = title(model, team, environment, index);
        List<String> tags = tags(model, team, environment, random);
        vary(panels(model), random);

        model.remove("id");
        model.put("uid", uid);
        model.put("title", title);
        model.put("tags", new ArrayList<>(tags));
        model.put("version", 1);
        return new Generated(uid, title, tags, model);
    }

    /** The first letter is random; the other 13 base-36 digits are a bijection of the index, hence unique. */
    private String uid(long index, SplittableRandom random) {
        long code = mix(index + mix(seed));
        String digits = Long.toUnsignedString(code, 36);
        return BASE36.charAt(10 + random.nextInt(26)) + "0".repeat(13 - digits.length()) + digits;
    }

    private static String title(Map<String, Object> model, String team, String environment, long index) {
        String base = model.get("title") instanceof String t && !t.isBlank() ? t.strip() : "Dashboard";
        String prefix = team + " · ";
        String suffix = " (" + environment + ") " + (index + 1);
        int room = MAX_TITLE - prefix.length() - suffix.length();
        return prefix + (base.length() > room ? base.substring(0, room).strip() : base) + suffix;
    }

    /** Keeps some of the seed's tags and adds the team, often the environment, and a few common ones. */
    private static List<String> tags(Map<String, Object> model, String team, String environment, SplittableRandom random) {
        Set<String> tags = new LinkedHashSet<>();
        if (model.get("tags") instanceof List<?> seedTags) {
            for (Object tag : seedTags) {
                if (tag instanceof String s && !s.isBlank() && random.nextInt(4) > 0) {
                    tags.add(s.length() > MAX_TAG ? s.substring(0, MAX_TAG) : s);
                }
            }
        }
        tags.add("team-" + team.toLowerCase(Locale.ROOT));
        if (random.nextBoolean()) {
            tags.add(environment);
        }
        for (int extra = random.nextInt(3); extra > 0; extra--) {
            tags.add(pick(random, EXTRA_TAGS));
        }
        return new ArrayList<>(tags);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> panels(Map<String, Object> model) {
        return (List<Object>) model.get("panels");
    }

    /**
     * Drops up to a third of the ordinary top-level panels (rows stay, so that collapsed rows keep their
     * children), duplicates up to half of them at the bottom of the grid, then gives every panel that has no
     * id or shares one a fresh id.
     */
    private static void vary(List<Object> panels, SplittableRandom random) {
        List<Map<String, Object>> ordinary = new ArrayList<>();
        for (Object panel : panels) {
            if (panel instanceof Map<?, ?> map && !"row".equals(map.get("type"))) {
                ordinary.add(asModel(map));
            }
        }
        int drop = ordinary.size() > 1 ? random.nextInt(ordinary.size() / 3 + 1) : 0;
        for (int i = 0; i < drop; i++) {
            Map<String, Object> dropped = ordinary.remove(random.nextInt(ordinary.size()));
            panels.removeIf(panel -> panel == dropped); // by identity: two panels may be equal maps
        }
        int duplicate = ordinary.isEmpty() ? 0 : random.nextInt(ordinary.size() / 2 + 2);
        Grid grid = Grid.below(panels);
        for (int i = 0; i < duplicate; i++) {
            Map<String, Object> copy = deepCopy(ordinary.get(random.nextInt(ordinary.size())));
            grid.place(copy);
            panels.add(copy);
        }
        renumber(panels);
    }

    /** Keeps first occurrences of ids; duplicates and missing ids get ids above the highest, in document order. */
    private static void renumber(List<Object> panels) {
        List<Map<String, Object>> all = new ArrayList<>();
        collect(panels, all);
        long next = 0;
        for (Map<String, Object> panel : all) {
            if (panel.get("id") instanceof Number n) {
                next = Math.max(next, n.longValue());
            }
        }
        Set<Long> used = new LinkedHashSet<>();
        for (Map<String, Object> panel : all) {
            if (!(panel.get("id") instanceof Number n) || !used.add(n.longValue())) {
                panel.put("id", ++next);
                used.add(next);
            }
        }
    }

    /** Every panel, with the children of rows (collapsed rows hold their panels) after their row. */
    static void collect(List<?> panels, List<Map<String, Object>> into) {
        for (Object panel : panels) {
            if (panel instanceof Map<?, ?> map) {
                into.add(asModel(map));
                if (map.get("panels") instanceof List<?> children) {
                    collect(children, into);
                }
            }
        }
    }

    /** Where duplicated panels go: left to right in new lines below everything that is there. */
    private static final class Grid {
        private int x;
        private int y;
        private int lineHeight;

        static Grid below(List<Object> panels) {
            Grid grid = new Grid();
            for (Object panel : panels) {
                if (panel instanceof Map<?, ?> map && map.get("gridPos") instanceof Map<?, ?> pos) {
                    grid.y = Math.max(grid.y, number(pos.get("y"), 0) + number(pos.get("h"), 0));
                }
            }
            return grid;
        }

        /** Panels without a gridPos (pre-5.0 models) have none to move. */
        void place(Map<String, Object> panel) {
            if (!(panel.get("gridPos") instanceof Map<?, ?> pos)) {
                return;
            }
            int w = Math.min(GRID_WIDTH, Math.max(1, number(pos.get("w"), 12)));
            int h = Math.max(1, number(pos.get("h"), 8));
            if (x + w > GRID_WIDTH) {
                x = 0;
                y += lineHeight;
                lineHeight = 0;
            }
            Map<String, Object> placed = new LinkedHashMap<>();
            placed.put("h", h);
            placed.put("w", w);
            placed.put("x", x);
            placed.put("y", y);
            panel.put("gridPos", placed);
            x += w;
            lineHeight = Math.max(lineHeight, h);
        }

        private static int number(Object value, int fallback) {
            return value instanceof Number n ? n.intValue() : fallback;
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asModel(Map<?, ?> map) {
        return (Map<String, Object>) map;
    }

    /** Models are trees of maps, lists and immutable leaves (strings, numbers, booleans, null). */
    @SuppressWarnings("unchecked")
    static <T> T deepCopy(T value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>(map.size() * 2);
            map.forEach((k, v) -> copy.put((String) k, deepCopy(v)));
            return (T) copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(v -> copy.add(deepCopy(v)));
            return (T) copy;
        }
        return value;
    }

    private static <T> T pick(SplittableRandom random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** SplitMix64's finalizer: a bijection on longs that scatters neighbouring inputs. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
