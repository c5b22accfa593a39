package io.migrationgateway.translators;

import java.util.Optional;

/**
 * How a deployment names legacy users in the {@code grafana.app/createdBy} and {@code grafana.app/updatedBy}
 * annotations (Grafana: {@code user:<user uid>}), and back to the login that legacy bodies show. Grafana 9.3's users
 * have no uid, so {@link #byLogin()} uses the login as the uid: the identity then carries everything a legacy body
 * needs, with no lookup. A deployment whose users have uids supplies its own mapping. Thread-safe.
 */
public interface UserIdentities {
    /** What legacy bodies show for an author that is not a user (Grafana's "Anonymous"). */
    String ANONYMOUS = "Anonymous";
    /** The identity of provisioning (legacy author id -1), as Grafana writes it. */
    String PROVISIONING = "provisioning:";

    /** The identity of the user with {@code login}; empty for no user ({@code null}, empty, {@value #ANONYMOUS}). */
    Optional<String> identityOf(String login);

    /** The login legacy bodies show for an identity annotation; {@value #ANONYMOUS} for none or a non-user. */
    String loginOf(Optional<String> identity);

    /**
     * The identity of a legacy table's author column: -1 is provisioning, a user with a login is that user, anything
     * else (0, a deleted user) is none.
     */
    default Optional<String> identityOfAuthor(long userId, String login) {
        return userId == -1 ? Optional.of(PROVISIONING) : identityOf(login);
    }

    /** {@code user:<login>}. */
    static UserIdentities byLogin() {
        return new UserIdentities() {
            private static final String USER = "user:";

            @Override
            public Optional<String> identityOf(String login) {
                return login == null || login.isEmpty() || login.equals(ANONYMOUS) ? Optional.empty() : Optional.of(USER + login);
            }

            @Override
            public String loginOf(Optional<String> identity) {
                return identity.filter(id -> id.startsWith(USER) && id.length() > USER.length())
                        .map(id -> id.substring(USER.length())).orElse(ANONYMOUS);
            }

            @Override
            public String toString() {
                return "UserIdentities[user:<login>]";
            }
        };
    }
}
