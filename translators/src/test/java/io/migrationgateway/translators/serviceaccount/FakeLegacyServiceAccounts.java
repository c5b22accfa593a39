package io.migrationgateway.translators.serviceaccount;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.translators.json.Json;
import io.migrationgateway.translators.legacy.LegacyErrors;
import io.migrationgateway.translators.legacy.LegacyResponse;
import io.migrationgateway.translators.legacy.LegacyTime;
import io.migrationgateway.translators.plan.LegacyCall;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Grafana 9.3's service account API in memory, one org, its answers written from the legacy OpenAPI document's
 * definitions ({@code ServiceAccountDTO}, {@code ServiceAccountProfileDTO}, {@code SearchServiceAccountsResult},
 * {@code TokenDTO}, {@code NewApiKeyResult}); it records every call and every token text it hands out.
 */
final class FakeLegacyServiceAccounts implements Function<LegacyCall, LegacyResponse> {
    static final Instant CREATED = Instant.parse("2024-01-02T03:04:05Z");
    private static final Pattern ACCOUNT = Pattern.compile("/api/serviceaccounts/(\\d+)(/tokens(/(\\d+))?)?");

    record Account(long id, String login, String name, String role, boolean disabled) {
    }

    record Token(long id, long account, String name, long expires, boolean revoked) {
    }

    final Map<Long, Account> accounts = new TreeMap<>();
    final Map<Long, Token> tokens = new TreeMap<>();
    final List<LegacyCall> calls = new ArrayList<>();
    final List<String> keys = new ArrayList<>();
    private final Instant now;
    private long nextId = 40;

    FakeLegacyServiceAccounts(Instant now) {
        this.now = now;
    }

    long account(String name, String role) {
        long id = ++nextId;
        accounts.put(id, new Account(id, ServiceAccountViews.login(name), name, role, false));
        return id;
    }

    long token(long account, String name, long expires, boolean revoked) {
        long id = ++nextId;
        tokens.put(id, new Token(id, account, name, expires, revoked));
        return id;
    }

    List<String> writes() {
        return calls.stream().filter(c -> !c.method().equals("GET")).map(c -> c.method() + " " + c.path()
                + (c.body().isMissingNode() ? "" : " " + c.body())).toList();
    }

    @Override
    public LegacyResponse apply(LegacyCall call) {
        calls.add(call);
        String path = call.path();
        if (call.method().equals("GET") && path.startsWith("/api/serviceaccounts/search?")) {
            return search(path);
        }
        if (call.method().equals("POST") && path.equals("/api/serviceaccounts")) {
            long id = account(call.body().path("name").asText(), call.body().path("role").asText("Viewer"));
            return new LegacyResponse(201, dto(accounts.get(id)));
        }
        Matcher m = ACCOUNT.matcher(path);
        if (!m.matches()) {
            return LegacyErrors.message(404, "Not found");
        }
        Account account = accounts.get(Long.parseLong(m.group(1)));
        if (account == null) {
            return LegacyErrors.message(404, "Failed to retrieve service account");
        }
        String key = call.method() + (m.group(2) == null ? "" : m.group(4) == null ? " tokens" : " token");
        return switch (key) {
            case "GET" -> LegacyResponse.ok(profile(account));
            case "PATCH" -> {
                Account changed = new Account(account.id(), account.login(), call.body().path("name").asText(account.name()),
                        call.body().path("role").asText(account.role()), call.body().path("isDisabled").asBoolean(account.disabled()));
                accounts.put(account.id(), changed);
                ObjectNode answer = Json.object();
                answer.put("id", changed.id());
                answer.put("message", "Service account updated");
                answer.put("name", changed.name());
                answer.set("serviceaccount", profile(changed));
                yield LegacyResponse.ok(answer);
            }
            case "DELETE" -> {
                accounts.remove(account.id());
                tokens.values().removeIf(t -> t.account() == account.id());
                yield LegacyErrors.message(200, "Service account deleted");
            }
            case "GET tokens" -> {
                ArrayNode list = JsonNodeFactory.instance.arrayNode();
                tokens.values().stream().filter(t -> t.account() == account.id()).forEach(t -> list.add(tokenDto(t)));
                yield LegacyResponse.ok(list);
            }
            case "POST tokens" -> {
                String name = call.body().path("name").asText();
                if (tokens.values().stream().anyMatch(t -> t.name().equals(name))) {
                    yield LegacyErrors.message(409, "service account token with given name already exists in the organization");
                }
                long seconds = call.body().path("secondsToLive").asLong(0);
                long id = token(account.id(), name, seconds > 0 ? now.getEpochSecond() + seconds : 0, false);
                String text = "glsa_fake" + id + "_00000000";
                keys.add(text);
                ObjectNode answer = Json.object();
                answer.put("id", id);
                answer.put("name", name);
                answer.put("key", text);
                yield LegacyResponse.ok(answer);
            }
            case "DELETE token" -> tokens.remove(Long.parseLong(m.group(4))) == null
                    ? LegacyErrors.message(404, "Failed to delete service account token")
                    : LegacyErrors.message(200, "Service account token deleted");
            default -> LegacyErrors.message(404, "Not found");
        };
    }

    private LegacyResponse search(String path) {
        Matcher q = Pattern.compile("[?&]query=([^&]*)").matcher(path);
        String query = q.find() ? java.net.URLDecoder.decode(q.group(1), java.nio.charset.StandardCharsets.UTF_8).toLowerCase() : "";
        ObjectNode result = Json.object();
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        accounts.values().stream().filter(a -> a.login().contains(query) || a.name().toLowerCase().contains(query))
                .forEach(a -> list.add(dto(a)));
        result.put("totalCount", list.size());
        result.set("serviceAccounts", list);
        result.put("page", 1);
        result.put("perPage", 5000);
        return LegacyResponse.ok(result);
    }

    private ObjectNode dto(Account a) {
        ObjectNode dto = Json.object();
        dto.put("id", a.id());
        dto.put("name", a.name());
        dto.put("login", a.login());
        dto.put("orgId", 1);
        dto.put("isDisabled", a.disabled());
        dto.put("role", a.role());
        dto.put("tokens", tokens.values().stream().filter(t -> t.account() == a.id()).count());
        dto.put("avatarUrl", "/avatar/x");
        return dto;
    }

    private ObjectNode profile(Account a) {
        ObjectNode dto = Json.object();
        dto.put("id", a.id());
        dto.put("name", a.name());
        dto.put("login", a.login());
        dto.put("orgId", 1);
        dto.put("isDisabled", a.disabled());
        dto.put("createdAt", LegacyTime.format(CREATED));
        dto.put("updatedAt", LegacyTime.format(CREATED));
        dto.put("avatarUrl", "/avatar/x");
        dto.put("role", a.role());
        dto.putArray("teams");
        return dto;
    }

    private JsonNode tokenDto(Token t) {
        ObjectNode dto = Json.object();
        dto.put("id", t.id());
        dto.put("name", t.name());
        dto.put("created", LegacyTime.format(CREATED));
        dto.put("lastUsedAt", LegacyTime.format(now));
        if (t.expires() > 0) {
            dto.put("expiration", LegacyTime.format(Instant.ofEpochSecond(t.expires())));
        } else {
            dto.putNull("expiration");
        }
        dto.put("secondsUntilExpiration", 0);
        dto.put("hasExpired", t.expires() > 0 && t.expires() <= now.getEpochSecond());
        dto.put("isRevoked", t.revoked());
        return dto;
    }
}
