package io.migrationgateway.translators;

import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.translators.legacy.LegacyRoute;
import io.migrationgateway.translators.legacy.UntranslatedOperation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The translators of a deployment, listed by hand (no scanning), and the route table built from them. Immutable and
 * thread-safe.
 */
public final class TranslatorRegistry {
    private final List<Translator> translators;
    /** Translated and untranslated routes in one table, so that the most literal one wins whichever it is. */
    private final RouteTable routes;
    private final Map<LegacyRoute, UntranslatedOperation> untranslated = new HashMap<>();

    private TranslatorRegistry(List<Translator> translators) {
        this.translators = List.copyOf(translators);
        for (Translator translator : this.translators) {
            for (UntranslatedOperation operation : translator.untranslated()) {
                boolean translated = translator.routes().stream().anyMatch(route -> route.method().equals(operation.route().method())
                        && route.template().equals(operation.route().template()));
                if (translated) {
                    throw new IllegalArgumentException(operation.route() + " is both translated and not");
                }
                untranslated.put(operation.route(), operation);
            }
        }
        this.routes = new RouteTable(this.translators, translator -> Stream.concat(translator.routes().stream(),
                translator.untranslated().stream().map(UntranslatedOperation::route)).toList());
        for (int i = 0; i < this.translators.size(); i++) {
            for (int j = i + 1; j < this.translators.size(); j++) {
                KindDeclaration a = this.translators.get(i).kind();
                KindDeclaration b = this.translators.get(j).kind();
                if (a.group().equals(b.group()) && a.plural().equals(b.plural())) {
                    throw new IllegalArgumentException("two translators for " + a.qualifiedResource());
                }
            }
        }
    }

    /**
     * A registry of {@code translators}, in that order (the order of discovery documents).
     *
     * @throws IllegalArgumentException when two translators declare one kind or own one route
     */
    public static TranslatorRegistry of(List<Translator> translators) {
        return new TranslatorRegistry(translators);
    }

    public List<Translator> all() {
        return translators;
    }

    /** The kinds, in registry order: what the Resource API serves. */
    public List<KindDeclaration> kinds() {
        return translators.stream().map(Translator::kind).toList();
    }

    /** The translator of {@code group}/{@code plural}. */
    public Optional<Translator> forKind(String group, String plural) {
        return translators.stream().filter(t -> t.kind().group().equals(group) && t.kind().plural().equals(plural)).findFirst();
    }

    /**
     * The translator and route of a legacy request, by method and raw path (percent-encoded as sent; a query string
     * is ignored; one trailing slash is no difference, as for Grafana's router). Empty when no translator owns it:
     * {@code /api/dashboards/home}, {@code /api/dashboards/uid/x/versions}, a method the route does not have, ...
     * which the gateway passes through.
     */
    public Optional<RouteMatch> match(String method, String rawPath) {
        return routes.match(method, rawPath).filter(found -> !untranslated.containsKey(found.route()));
    }

    /** A legacy request to an operation of a translator's kind that it does not translate, with how it is handled. */
    public record UntranslatedMatch(RouteMatch match, UntranslatedOperation operation) {
    }

    /**
     * The untranslated operation of a legacy request ({@link Translator#untranslated}), matched as {@link #match}
     * matches: empty when the request is to no operation of a translator's kind, or to a translated one (an
     * untranslated literal path such as {@code /api/serviceaccounts/migrationstatus} wins over a translated variable).
     */
    public Optional<UntranslatedMatch> untranslated(String method, String rawPath) {
        return routes.match(method, rawPath).flatMap(match -> Optional.ofNullable(untranslated.get(match.route()))
                .map(operation -> new UntranslatedMatch(match, operation)));
    }

    /**
     * The route, or the untranslated operation on a resource's data, a request is written like when neither
     * {@link #match} nor {@link #untranslated} finds one: the path with its empty segments and path parameters
     * ({@code ;a=b}) left out. Legacy routers differ on those, so the gateway refuses such a request for a
     * resource past mode 0 rather than guess whether the legacy side would serve it.
     */
    public Optional<RouteMatch> lookalike(String method, String rawPath) {
        if (routes.match(method, rawPath).isPresent()) {
            return Optional.empty();
        }
        return routes.lookalike(method, rawPath).filter(match -> !untranslated.containsKey(match.route())
                || untranslated.get(match.route()).handling() == UntranslatedOperation.Handling.NOT_SERVED_WHEN_MIGRATED);
    }
}
