package io.migrationgateway.gateway.admin;

import io.migrationgateway.model.KindDeclaration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Resolves a resource as kubectl names it, to the flagged resource's full name ({@code plural.group}): its plural
 * ({@code dashboards}), singular ({@code dashboard}), a short name ({@code dash}), its kind ({@code Dashboard}), each
 * in any case, or {@code plural.group}. The admin API resolves every resource it is given with it, so the command line
 * and any other admin client accept the same names.
 */
final class ResourceNames {
    private final List<String> resources;
    private final List<KindDeclaration> kinds;

    /**
     * @param resources the flagged resources, as {@code plural.group}
     * @param kinds     the translators' kinds, which give those resources their other names
     */
    ResourceNames(List<String> resources, List<KindDeclaration> kinds) {
        this.resources = List.copyOf(resources);
        this.kinds = List.copyOf(kinds);
    }

    /** A name that resolves to no flagged resource. */
    static final class UnknownResource extends IllegalArgumentException {
        UnknownResource(String message) {
            super(message);
        }
    }

    /**
     * The full name of the one flagged resource {@code name} names.
     *
     * @throws UnknownResource          when it names none (the message lists every resource with its names)
     * @throws IllegalArgumentException when it names more than one (the message lists them)
     */
    String resolve(String name) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        List<String> matches = resources.stream().filter(resource -> names(resource).contains(wanted)).toList();
        if (matches.isEmpty()) {
            throw new UnknownResource("no migration flag for resource '" + name + "'; known: " + String.join(", ",
                    resources.stream().map(this::described).toList()));
        }
        if (matches.size() > 1) {
            throw new IllegalArgumentException("resource name '" + name + "' is ambiguous: it names " + String.join(", ", matches)
                    + "; give one of these full names");
        }
        return matches.getFirst();
    }

    /** Every name of {@code resource}, lower case, its full name first. */
    Set<String> names(String resource) {
        List<String> names = new ArrayList<>(List.of(resource));
        kinds.stream().filter(kind -> kind.qualifiedResource().equals(resource)).forEach(kind -> {
            names.addAll(List.of(kind.plural(), kind.singular(), kind.kind()));
            names.addAll(kind.shortNames());
        });
        Set<String> lowerCase = new LinkedHashSet<>();
        names.forEach(each -> lowerCase.add(each.toLowerCase(Locale.ROOT)));
        return lowerCase;
    }

    private String described(String resource) {
        List<String> others = new ArrayList<>(names(resource));
        others.removeFirst();
        return others.isEmpty() ? resource : resource + " (" + String.join(", ", others) + ")";
    }
}
