package io.migrationgateway.legacysim.search;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One search result as Grafana 9.3 writes it ({@code Hit} in {@code pkg/services/search/model}), in its declared
 * field order. The folder fields are omitempty, so they appear only for dashboards inside a folder.
 * {@code slug} is always empty: Grafana declares it but its SQL search never fills it in (real 9.x answers carry
 * {@code "slug":""}); the slug is in {@code uri} ({@code db/<slug>}) and {@code url}. {@code sortMeta} is 0 for
 * the alphabetical sorts, the only ones served.
 *
 * @param type {@code dash-db} or {@code dash-folder}
 * @param tags the dashboard's tags, sorted; empty for folders
 */
public record Hit(long id, String uid, String title, String uri, String url, String slug, String type, List<String> tags,
                  boolean isStarred,
                  @JsonInclude(JsonInclude.Include.NON_DEFAULT) long folderId,
                  @JsonInclude(JsonInclude.Include.NON_EMPTY) String folderUid,
                  @JsonInclude(JsonInclude.Include.NON_EMPTY) String folderTitle,
                  @JsonInclude(JsonInclude.Include.NON_EMPTY) String folderUrl,
                  long sortMeta) {

    public static final String DASHBOARD = "dash-db";
    public static final String FOLDER = "dash-folder";

    public Hit {
        tags = List.copyOf(tags);
    }
}
