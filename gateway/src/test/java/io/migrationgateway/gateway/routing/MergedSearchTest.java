package io.migrationgateway.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import io.migrationgateway.translators.dashboard.DashboardTranslator;
import io.migrationgateway.translators.folder.FolderTranslator;
import io.migrationgateway.translators.plan.ResourceCall;
import io.migrationgateway.translators.plan.SearchHit;
import io.migrationgateway.translators.plan.SearchOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** A page of a search whose kinds live in two stores, cut from the merge of both stores' hits. */
class MergedSearchTest {
    private static final List<SearchHit> FOLDERS = hits(FolderTranslator.KIND.kind(), 700, 1);
    private static final List<SearchHit> DASHBOARDS = hits(DashboardTranslator.KIND.kind(), 1300, 2);

    private static List<SearchHit> hits(String kind, int count, long seed) {
        Random random = new Random(seed);
        List<SearchHit> hits = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            hits.add(new SearchHit(kind.equals("Folder") ? FolderTranslator.KIND : DashboardTranslator.KIND, kind + i,
                    (random.nextBoolean() ? "Cpu " : "cpu ") + random.nextInt(500), List.of(), "", random.nextInt(100_000)));
        }
        return hits;
    }

    /** A store's search: its hits in the search's order, one page of them, each read counted. */
    private static final class Store implements Function<ResourceCall.Search, List<SearchHit>> {
        private final List<SearchHit> hits;
        private final List<Long> offsetsRead = new ArrayList<>();

        Store(List<SearchHit> hits, Comparator<SearchHit> order) {
            this.hits = hits.stream().sorted(order).toList();
        }

        @Override
        public List<SearchHit> apply(ResourceCall.Search page) {
            offsetsRead.add(page.offset());
            return hits.stream().skip(page.offset()).limit(page.limit()).toList();
        }
    }

    private static List<SearchHit> expected(SearchOrder order, long offset, int limit) {
        return Stream.concat(FOLDERS.stream(), DASHBOARDS.stream()).sorted(order.comparator()).skip(offset).limit(limit).toList();
    }

    private static List<SearchHit> merged(SearchOrder order, long offset, int limit, Store folders, Store dashboards) {
        ResourceCall.Search search = ResourceCall.Search.of("default", List.of(FolderTranslator.KIND, DashboardTranslator.KIND),
                order, offset, limit);
        ResourceCall.Search folderPart = ResourceCall.Search.of("default", List.of(FolderTranslator.KIND), order, offset, limit);
        ResourceCall.Search dashboardPart = ResourceCall.Search.of("default", List.of(DashboardTranslator.KIND), order, offset, limit);
        return MergedSearch.page(search, List.of(folderPart, dashboardPart),
                page -> page.kind().equals(FolderTranslator.KIND) ? folders.apply(page) : dashboards.apply(page));
    }

    @Test
    void everyPageIsThePageOfTheMergedOrderWhereverItsChunksEnd() {
        for (SearchOrder order : SearchOrder.values()) {
            for (long offset : new long[] {0, 1, 499, 500, 1234, 1990, 2000}) {
                for (int limit : new int[] {1, 7, 500, 1000}) {
                    Store folders = new Store(FOLDERS, order.comparator());
                    Store dashboards = new Store(DASHBOARDS, order.comparator());
                    assertThat(merged(order, offset, limit, folders, dashboards)).as("%s from %d, %d", order, offset, limit)
                            .isEqualTo(expected(order, offset, limit));
                }
            }
        }
    }

    @Test
    void aStoreIsReadOnlyAsFarAsThePageNeedsAChunkAtATime() {
        Store folders = new Store(FOLDERS, SearchOrder.TITLE_ASC.comparator());
        Store dashboards = new Store(DASHBOARDS, SearchOrder.TITLE_ASC.comparator());

        merged(SearchOrder.TITLE_ASC, 0, 10, folders, dashboards);

        assertThat(folders.offsetsRead).containsExactly(0L);
        assertThat(dashboards.offsetsRead).containsExactly(0L);
    }
}
