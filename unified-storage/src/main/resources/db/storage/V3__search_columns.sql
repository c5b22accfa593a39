-- Search (DESIGN §11): what each kind declares searchable, kept in its current row by every write, in the same
-- transaction, so that a search or a page is one indexed query whatever the number of objects. Rows written before
-- these columns existed have search_fields 0 and are filled in by the store at start (SearchBackfill).
ALTER TABLE resource
    ADD COLUMN title         text    COLLATE "C" NOT NULL DEFAULT '',
    ADD COLUMN title_folded  text    COLLATE "C" NOT NULL DEFAULT '', -- the title in lower case: matched and sorted on
    ADD COLUMN tags          text[]  COLLATE "C" NOT NULL DEFAULT '{}',
    ADD COLUMN legacy_id     bigint  NOT NULL DEFAULT 0,
    ADD COLUMN terminating   boolean NOT NULL DEFAULT false,          -- has a deletion timestamp: no search finds it
    ADD COLUMN search_fields integer NOT NULL DEFAULT 0;              -- which declaration filled the columns in

-- Hits in title order across kinds (a search of folders and dashboards is one ordered scan); deep pages walk it.
CREATE INDEX resource_search_title ON resource (namespace, title_folded, title, legacy_id, name);
-- Hits in legacy-id order (playlists), and lookups by legacy id.
CREATE INDEX resource_search_legacy_id ON resource ("group", resource, namespace, legacy_id);
-- A folder's contents.
CREATE INDEX resource_search_folder ON resource ("group", resource, namespace, folder);
-- Every tag asked for (tags @> ARRAY[...]).
CREATE INDEX resource_search_tags ON resource USING gin (tags);
-- Label selectors (labels @> '{"key":"value"}'), e.g. a legacy id asked for as a label.
CREATE INDEX resource_labels ON resource USING gin (labels jsonb_path_ops);
-- Rows still to fill in.
CREATE INDEX resource_search_stale ON resource ("group", resource) WHERE search_fields = 0;

-- Substring matches on the title use trigrams (pg_trgm, a contrib extension PostgreSQL ships): found wherever it is
-- installed, else installed here. A server without it keeps working, matching by scanning the kind's rows.
DO $$
DECLARE
    trgm_schema name;
BEGIN
    SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = 'pg_trgm';
    IF trgm_schema IS NULL THEN
        BEGIN
            CREATE EXTENSION pg_trgm;
            SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                WHERE e.extname = 'pg_trgm';
        EXCEPTION
            WHEN OTHERS THEN
                RAISE NOTICE 'pg_trgm is not available (%): title substring searches scan instead of using an index',
                    SQLERRM;
        END;
    END IF;
    IF trgm_schema IS NOT NULL THEN
        EXECUTE format('CREATE INDEX resource_search_title_trigrams ON resource USING gin (title_folded %I.gin_trgm_ops)',
            trgm_schema);
    END IF;
END
$$;

-- Which declaration of searchable fields each kind's rows were last filled in with: a kind whose declaration changed
-- is filled in again at start.
CREATE TABLE resource_search_declaration (
    "group"       varchar(190) NOT NULL,
    resource      varchar(190) NOT NULL,
    search_fields integer      NOT NULL,
    PRIMARY KEY ("group", resource)
);
