package io.migrationgateway.resourceapi.validation;

import io.migrationgateway.model.SearchableFields;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.migrationgateway.resourceapi.kinds.GrafanaKinds;
import io.migrationgateway.model.KindDeclaration;
import io.migrationgateway.storage.StorageException.Cause;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Against Grafana's real OpenAPI snapshots, as packaged in {@code /openapi/}. */
class SchemaValidatorTest {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(JsonParser.Feature.ALLOW_SINGLE_QUOTES);

    private static final SchemaValidator FOLDERS = SchemaValidator.forKind(GrafanaKinds.FOLDERS);
    private static final SchemaValidator PLAYLISTS = SchemaValidator.forKind(GrafanaKinds.PLAYLISTS);
    private static final SchemaValidator DASHBOARDS = SchemaValidator.forKind(GrafanaKinds.DASHBOARDS);

    private static ObjectNode object(String json) {
        try {
            return (ObjectNode) MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    private static ObjectNode folder(String spec) {
        return object("{'apiVersion':'folder.grafana.app/v1beta1','kind':'Folder',"
                + "'metadata':{'name':'f1','namespace':'default'},'spec':" + spec + "}");
    }

    private static ObjectNode playlist(String spec) {
        return object("{'apiVersion':'playlist.grafana.app/v0alpha1','kind':'Playlist',"
                + "'metadata':{'name':'p1','namespace':'default'},'spec':" + spec + "}");
    }

    private static final String VALID_PLAYLIST =
            "{'title':'Ops','interval':'5m','items':[{'type':'dashboard_by_uid','value':'abc'}]}";

    @Test
    void validFolderHasNoCauses() {
        ObjectNode folder = folder("{'title':'Ops','description':'team folder'}");

        assertThat(FOLDERS.validate(folder)).isEmpty();
        assertThat(FOLDERS.unknownFields(folder)).isEmpty();
    }

    @Test
    void folderWithoutTitleIsMissingARequiredValue() {
        assertThat(FOLDERS.validate(folder("{'description':'d'}")))
                .containsExactly(new Cause("spec.title", "FieldValueRequired", "Required value"));
        assertThat(FOLDERS.validate(folder("{'title':null}")))
                .containsExactly(new Cause("spec.title", "FieldValueRequired", "Required value"));
    }

    @Test
    void missingSpecIsRequired() {
        ObjectNode noSpec = object("{'apiVersion':'folder.grafana.app/v1beta1','kind':'Folder','metadata':{'name':'f'}}");

        assertThat(FOLDERS.validate(noSpec)).containsExactly(new Cause("spec", "FieldValueRequired", "Required value"));
        assertThat(DASHBOARDS.validate(noSpec)).containsExactly(new Cause("spec", "FieldValueRequired", "Required value"));
    }

    @Test
    void wrongTypeIsReportedWithTheActualType() {
        assertThat(FOLDERS.validate(folder("{'title':1.5}"))).containsExactly(new Cause("spec.title",
                "FieldValueTypeInvalid",
                "Invalid value: \"number\": spec.title in body must be of type string: \"number\""));
        assertThat(FOLDERS.validate(folder("{'title':'t','description':{'a':1}}"))).containsExactly(new Cause(
                "spec.description", "FieldValueTypeInvalid",
                "Invalid value: \"object\": spec.description in body must be of type string: \"object\""));
        assertThat(FOLDERS.validate(folder("'just text'"))).extracting(Cause::field, Cause::reason)
                .containsExactly(tuple("spec", "FieldValueTypeInvalid"));
    }

    @Test
    void validPlaylistHasNoCauses() {
        assertThat(PLAYLISTS.validate(playlist(VALID_PLAYLIST))).isEmpty();
        assertThat(PLAYLISTS.unknownFields(playlist(VALID_PLAYLIST))).isEmpty();
    }

    @Test
    void playlistItemWithUnsupportedTypeNamesTheItem() {
        List<Cause> causes = PLAYLISTS.validate(playlist(
                "{'title':'Ops','interval':'5m','items':[{'type':'dashboard_by_uid','value':'a'},"
                        + "{'type':'x','value':'b'},{'type':'dashboard_by_tag'}]}"));

        assertThat(causes).containsExactly(
                new Cause("spec.items[1].type", "FieldValueNotSupported",
                        "Unsupported value: \"x\": supported values: \"dashboard_by_tag\", \"dashboard_by_uid\", "
                                + "\"dashboard_by_id\""),
                new Cause("spec.items[2].value", "FieldValueRequired", "Required value"));
    }

    @Test
    void playlistWithoutRequiredFieldsListsEachOne() {
        assertThat(PLAYLISTS.validate(playlist("{'title':'Ops'}"))).extracting(Cause::field)
                .containsExactly("spec.interval", "spec.items");
    }

    @Test
    void unknownSpecFieldIsReportedWhereTheSchemaForbidsIt() {
        ObjectNode playlist = playlist(
                "{'title':'Ops','interval':'5m','foo':1,'items':[{'type':'dashboard_by_uid','value':'a','bar':2}]}");

        assertThat(PLAYLISTS.unknownFields(playlist)).containsExactly(".spec.foo", ".spec.items[0].bar");
        assertThat(PLAYLISTS.validate(playlist)).isEmpty();
    }

    @Test
    void unknownFieldInAFolderSpecIsReported() {
        assertThat(FOLDERS.unknownFields(folder("{'title':'t','colour':'red'}"))).containsExactly(".spec.colour");
    }

    @Test
    void dashboardSpecAcceptsAnything() {
        ObjectNode dashboard = object("""
                {'apiVersion':'dashboard.grafana.app/v1beta1','kind':'Dashboard','metadata':{'name':'d'},
                 'spec':{'title':5,'panels':[{'anything':{'goes':true}}],'schemaVersion':41}}""");

        assertThat(DASHBOARDS.validate(dashboard)).isEmpty();
        assertThat(DASHBOARDS.unknownFields(dashboard)).isEmpty();
        assertThat(DASHBOARDS.validate(object("{'metadata':{'name':'d'},'spec':[1]}"))).extracting(Cause::reason)
                .containsExactly("FieldValueTypeInvalid");
    }

    @Test
    void unknownTopLevelAndMetadataFieldsAreReported() {
        ObjectNode dashboard = object("""
                {'apiVersion':'dashboard.grafana.app/v1beta1','kind':'Dashboard','extra':1,
                 'metadata':{'name':'d','labels':{'a':'b'},'colour':'red'},'spec':{},'status':{}}""");

        assertThat(DASHBOARDS.unknownFields(dashboard)).containsExactly(".extra", ".metadata.colour");
    }

    @Test
    void pruneRemovesExactlyTheUnknownFields() {
        ObjectNode playlist = playlist(
                "{'title':'Ops','interval':'5m','foo':1,'items':[{'type':'dashboard_by_uid','value':'a','bar':2}]}");
        playlist.put("extra", true);
        ((ObjectNode) playlist.get("metadata")).put("colour", "red");

        ObjectNode pruned = PLAYLISTS.prune(playlist);

        assertThat(pruned).isEqualTo(playlist(VALID_PLAYLIST.replace("'abc'", "'a'")));
        assertThat(PLAYLISTS.unknownFields(playlist)).hasSize(4);
    }

    private static final SearchableFields SEARCHABLE =
            new SearchableFields("/spec/title", null, 0, "/metadata/annotations/grafana.app~1folder", "/metadata/labels/x");

    @Test
    void missingOpenApiDocumentFailsAtStartup() {
        KindDeclaration missing = new KindDeclaration("x.grafana.app", List.of("v1"), "xs", "x", "X", List.of(),
                "/openapi/nope.json", null, "title", SEARCHABLE);
        KindDeclaration wrongSchema = new KindDeclaration("folder.grafana.app", List.of("v1beta1"), "folders",
                "folder", "Folder", List.of(), "/openapi/folder.grafana.app-v1beta1.json", "NoSuchSpec", "title", SEARCHABLE);

        assertThatThrownBy(() -> SchemaValidator.forKind(missing)).hasMessageContaining("/openapi/nope.json");
        assertThatThrownBy(() -> SchemaValidator.forKind(wrongSchema)).hasMessageContaining("NoSuchSpec");
    }
}
