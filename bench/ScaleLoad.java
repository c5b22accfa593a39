import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The latency of one request shape, one request at a time, for bench/scale.sh: what one caller waits for a search, a
 * GET or a page when nothing else runs, so the ratio between two servers is the ratio of their work per request.
 *
 * <pre>
 *   java bench/ScaleLoad.java [--samples 30] [--warmup 5] [--header 'Name: value']... [--walk] URL...
 *   -> requests=... p50_ms=... p99_ms=... max_ms=... mean_bytes=... non2xx=... errors=...
 * </pre>
 * Requests go to the URLs in turn. With {@code --walk} there is one URL, a Resource API list with {@code limit}: each
 * request asks for the page after the previous answer's {@code metadata.continue}, from the start again after the
 * last page, so the samples are consecutive pages. Every answer is read to its end; one that is not 2xx counts in
 * {@code non2xx} and its latency still counts.
 */
public final class ScaleLoad {
    private static final Pattern CONTINUE = Pattern.compile("\"continue\"\\s*:\\s*\"([^\"]+)\"");

    public static void main(String[] args) throws Exception {
        int samples = 30;
        int warmup = 5;
        boolean walk = false;
        List<String> headers = new ArrayList<>();
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--samples" -> samples = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--header" -> headers.add(args[++i]);
                case "--walk" -> walk = true;
                default -> urls.add(args[i]);
            }
        }
        if (urls.isEmpty() || (walk && urls.size() != 1)) {
            System.err.println("usage: java bench/ScaleLoad.java [--samples N] [--warmup N] [--header 'Name: value']... "
                    + "[--walk] URL...  (--walk takes one URL)");
            System.exit(2);
        }
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        Sampler sampler = new Sampler(client, headers, urls, walk);
        for (int i = 0; i < warmup; i++) {
            sampler.next();
        }
        sampler.reset();
        long[] nanos = new long[samples];
        for (int i = 0; i < samples; i++) {
            nanos[i] = sampler.next();
        }
        Arrays.sort(nanos);
        System.out.printf(Locale.ROOT, "requests=%d p50_ms=%.2f p99_ms=%.2f max_ms=%.2f mean_bytes=%d non2xx=%d errors=%d%n",
                samples, millis(percentile(nanos, 0.50)), millis(percentile(nanos, 0.99)), millis(nanos[samples - 1]),
                sampler.bytes / Math.max(1, sampler.answered), sampler.non2xx, sampler.errors);
    }

    /** Sends the next request of the shape and returns how long its whole answer took, in nanoseconds. */
    private static final class Sampler {
        private final HttpClient client;
        private final List<String> headers;
        private final List<String> urls;
        private final boolean walk;
        private int turn;
        private String continueToken;
        long bytes;
        long answered;
        long non2xx;
        long errors;

        Sampler(HttpClient client, List<String> headers, List<String> urls, boolean walk) {
            this.client = client;
            this.headers = headers;
            this.urls = urls;
            this.walk = walk;
        }

        void reset() {
            bytes = answered = non2xx = errors = 0;
        }

        long next() throws InterruptedException {
            String url = walk ? pageUrl() : urls.get(turn++ % urls.size());
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(10));
            for (String header : headers) {
                int colon = header.indexOf(':');
                request.header(header.substring(0, colon).strip(), header.substring(colon + 1).strip());
            }
            long start = System.nanoTime();
            try {
                HttpResponse<InputStream> response = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
                byte[] body;
                try (InputStream in = response.body()) {
                    body = in.readAllBytes();
                }
                long took = System.nanoTime() - start;
                answered++;
                bytes += body.length;
                if (response.statusCode() / 100 != 2) {
                    non2xx++;
                }
                if (walk) {
                    Matcher token = CONTINUE.matcher(new String(body, 0, Math.min(body.length, 4096), StandardCharsets.UTF_8));
                    continueToken = token.find() ? token.group(1) : null;
                }
                return took;
            } catch (IOException e) {
                errors++;
                continueToken = null;
                return System.nanoTime() - start;
            }
        }

        private String pageUrl() {
            String first = urls.get(0);
            return continueToken == null ? first
                    : first + (first.contains("?") ? "&" : "?") + "continue=" + URLEncoder.encode(continueToken, StandardCharsets.UTF_8);
        }
    }

    private static long percentile(long[] sorted, double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }
}
