-- Search (DESIGN §11): per object, what its kind declares searchable, written by every write of the object in the same
-- transaction, so that a search or a folder's contents is one indexed query whatever the number of objects. A table of
-- its own: on `resource`, indexes that also begin with (group, resource, namespace) were picked by the planner, with
-- the statistics of a table still being filled, for the one-row reads by key that the unique key must answer.
CREATE TABLE resource_search (
    "group"       varchar(190) NOT NULL,
    resource      varchar(190) NOT NULL,
    namespace     varchar(63)  COLLATE "C" NOT NULL,
    name          varchar(253) COLLATE "C" NOT NULL,
    title         text         COLLATE "C" NOT NULL,
    title_folded  text         COLLATE "C" NOT NULL, -- the title in lower case: what titles are matched and sorted on
    tags          text[]       COLLATE "C" NOT NULL,
    folder        text         COLLATE "C" NOT NULL,
    legacy_id     bigint       NOT NULL,
    terminating   boolean      NOT NULL,             -- the object has a deletion timestamp: no search finds it
    search_fields integer      NOT NULL,             -- which declaration of searchable fields made this row
    PRIMARY KEY ("group", resource, namespace, name)
);
-- A kind's hits in title order, read from the index alone (a search answers from its columns): a page, a deep page
-- and a search without filters walk it and stop at the page's end. A search of several kinds merges one walk a kind.
CREATE INDEX resource_search_title ON resource_search ("group", resource, namespace, title_folded, title, legacy_id, name)
    INCLUDE (folder, tags, terminating);
-- A folder's contents, in title order, read from the index alone.
CREATE INDEX resource_search_folder ON resource_search ("group", resource, namespace, folder, title_folded, title,
    legacy_id, name) INCLUDE (tags, terminating);
-- Hits in legacy-id order (playlists), and lookups by legacy id.
CREATE INDEX resource_search_legacy_id ON resource_search ("group", resource, namespace, legacy_id, name);
-- Every tag asked for (tags @> ARRAY[...]).
CREATE INDEX resource_search_tags ON resource_search USING gin (tags);

-- Label selectors (labels @> '{"key":"value"}'), e.g. a legacy id asked for as a label.
CREATE INDEX resource_labels ON resource USING gin (labels jsonb_path_ops);

-- Which declaration of searchable fields each kind's rows were made with: a kind whose declaration changed is indexed
-- again at start.
CREATE TABLE resource_search_declaration (
    "group"       varchar(190) NOT NULL,
    resource      varchar(190) NOT NULL,
    search_fields integer      NOT NULL,
    PRIMARY KEY ("group", resource)
);

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
        EXECUTE format('CREATE INDEX resource_search_title_trigrams ON resource_search '
            || 'USING gin (title_folded %I.gin_trgm_ops)', trgm_schema);
    END IF;
END
$$;
