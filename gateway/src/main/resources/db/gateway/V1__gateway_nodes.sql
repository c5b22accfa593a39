-- Every gateway process that shares this database registers itself here at startup and refreshes
-- last_seen while it runs, so operators (and later, cluster-wide flag propagation) can tell which
-- replicas are alive and which version each runs.
CREATE TABLE gateway_node (
    node_id     TEXT        PRIMARY KEY,
    version     TEXT        NOT NULL,
    started_at  TIMESTAMPTZ NOT NULL,
    last_seen   TIMESTAMPTZ NOT NULL
);
