package io.migrationgateway.gateway.admin;

import io.undertow.servlet.handlers.ServletRequestContext;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Guards the Togglz console against cross-site request forgery, in place of Togglz's own check, which takes its token
 * from the query string too, keeps every token JVM-wide and binds it to no one.
 *
 * <p>A console page carries a token issued to the browser session it is served to, usable for a fixed time (Togglz
 * renders whatever the request attribute {@value #TOKEN} holds). A request that may change state (any method but GET,
 * HEAD and OPTIONS) passes only when its {@code Origin}, or without one its {@code Referer}, is the admin port's own
 * origin as the request addressed it, and it carries an unexpired token of its session in an
 * {@code application/x-www-form-urlencoded} body, not in the query string. A request with neither header passes on the
 * token alone, since browsers send {@code Origin} on every form POST and scripts such as curl send neither. Anything
 * else gets 403 with one line saying why, logged at info without the token or any header's value.
 */
final class ConsoleCsrfFilter implements Filter {
    /** The name Togglz's console gives its token, as a form field and as a request attribute. */
    static final String TOKEN = "togglz_csrf";
    private static final String SESSION_TOKENS = ConsoleCsrfTokens.class.getName();
    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");
    private static final String FORM = "application/x-www-form-urlencoded";
    private static final Logger LOG = LoggerFactory.getLogger(ConsoleCsrfFilter.class);

    private final Duration ttl;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    /** @param ttl how long after a page is served its token is usable */
    ConsoleCsrfFilter(Duration ttl, Clock clock) {
        this.ttl = ttl;
        this.clock = clock;
    }

    @Override
    public void doFilter(ServletRequest servletRequest, ServletResponse servletResponse, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) servletRequest;
        HttpServletResponse response = (HttpServletResponse) servletResponse;
        // the console's edit links carry the token in their URLs, which no other site may see in a Referer
        response.setHeader("Referrer-Policy", "same-origin");
        if (!SAFE_METHODS.contains(request.getMethod())) {
            Optional<String> refusal = refusal(request);
            if (refusal.isPresent()) {
                refuse(request, response, refusal.get());
                return;
            }
        }
        chain.doFilter(new TokenIssuingRequest(request), response);
    }

    /** Why a request that may change state is refused; empty when it may go on. */
    private Optional<String> refusal(HttpServletRequest request) {
        WebOrigin own = new WebOrigin(request.getScheme(), request.getServerName(), request.getServerPort());
        String origin = request.getHeader("Origin");
        String referer = request.getHeader("Referer");
        if (origin != null && !WebOrigin.of(origin).equals(Optional.of(own))) {
            return Optional.of("the Origin header names another origin than this admin port");
        }
        if (origin == null && referer != null && !WebOrigin.of(referer).equals(Optional.of(own))) {
            return Optional.of("the Referer header names another origin than this admin port");
        }
        // the map the servlet's getParameter reads first, so a token found nowhere else came from the body
        if (ServletRequestContext.requireCurrent().getExchange().getQueryParameters().containsKey(TOKEN)) {
            return Optional.of("the CSRF token must not be sent in the query string");
        }
        if (!isForm(request.getContentType())) {
            return Optional.of("a change must be an " + FORM + " form carrying the console's CSRF token");
        }
        String token = request.getParameter(TOKEN);
        if (token == null) {
            return Optional.of("the form carries no CSRF token");
        }
        HttpSession session = request.getSession(false);
        Object tokens = session == null ? null : session.getAttribute(SESSION_TOKENS);
        ConsoleCsrfTokens.Check check = tokens instanceof ConsoleCsrfTokens issued
                ? issued.check(token, clock.instant()) : ConsoleCsrfTokens.Check.UNKNOWN;
        return switch (check) {
            case VALID -> Optional.empty();
            case EXPIRED -> Optional.of("the CSRF token has expired; reload the console page");
            case UNKNOWN -> Optional.of("the CSRF token was not issued to this browser session; reload the console page");
        };
    }

    private static boolean isForm(String contentType) {
        return contentType != null && contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT).equals(FORM);
    }

    private static void refuse(HttpServletRequest request, HttpServletResponse response, String reason) throws IOException {
        String path = request.getRequestURI().split(";", 2)[0]; // path parameters could carry a token
        LOG.info("console {} {} from {} refused: {}", request.getMethod(), path, request.getRemoteAddr(), reason);
        response.setStatus(403);
        response.setContentType("text/plain; charset=utf-8");
        response.setHeader("Cache-Control", "no-store");
        response.getOutputStream().write(("Forbidden: " + reason + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** The session's token store, made on its first page. */
    private synchronized ConsoleCsrfTokens tokens(HttpSession session) {
        if (session.getAttribute(SESSION_TOKENS) instanceof ConsoleCsrfTokens tokens) {
            return tokens;
        }
        ConsoleCsrfTokens tokens = new ConsoleCsrfTokens(random);
        session.setAttribute(SESSION_TOKENS, tokens);
        return tokens;
    }

    /**
     * Issues a token when Togglz asks for one to render a page, and only then, so that the console's stylesheets and
     * scripts neither open sessions nor crowd out the tokens of open pages.
     */
    private final class TokenIssuingRequest extends HttpServletRequestWrapper {
        TokenIssuingRequest(HttpServletRequest request) {
            super(request);
        }

        @Override
        public Object getAttribute(String name) {
            Object value = super.getAttribute(name);
            if (value == null && TOKEN.equals(name)) {
                value = tokens(getSession(true)).issue(clock.instant().plus(ttl));
                setAttribute(name, value);
            }
            return value;
        }
    }
}
