-- The migration mode of every translated resource (one Togglz feature each): the feature's on/off switch, the mode
-- of every namespace without an override, and the overrides in the console's own notation ('org-2=4,org-3=0').
-- Writes happen only through the flip service, which also appends to migration_flag_audit and sends
-- NOTIFY migration_flags (payload: the resource) in the same transaction, so every replica re-reads at commit.
CREATE TABLE migration_flag (
    resource         TEXT        PRIMARY KEY,
    enabled          BOOLEAN     NOT NULL DEFAULT false,
    mode             SMALLINT    NOT NULL DEFAULT 0 CHECK (mode BETWEEN 0 AND 5),
    namespace_modes  TEXT        NOT NULL DEFAULT '',
    changed_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    changed_by       TEXT        NOT NULL DEFAULT ''
);

-- Every flip attempt that was applied or refused (dry runs are not written): one row per namespace whose mode it
-- changes, with the gate's checks and figures as JSON.
CREATE TABLE migration_flag_audit (
    id         BIGSERIAL   PRIMARY KEY,
    at         TIMESTAMPTZ NOT NULL,
    who        TEXT        NOT NULL,
    via        TEXT        NOT NULL,
    resource   TEXT        NOT NULL,
    namespace  TEXT,                          -- NULL: every namespace without an override
    from_mode  SMALLINT    NOT NULL,
    to_mode    SMALLINT    NOT NULL,
    reason     TEXT        NOT NULL,
    verdict    TEXT        NOT NULL CHECK (verdict IN ('pass', 'fail', 'inconclusive')),
    applied    BOOLEAN     NOT NULL,
    forced     BOOLEAN     NOT NULL,
    gate       JSONB       NOT NULL
);
