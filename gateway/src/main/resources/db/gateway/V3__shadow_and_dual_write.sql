-- Shadow comparison (DESIGN §6) and dual-write (§3, modes 1-3): what was compared, what was written where, and
-- the outbox of writes that one side has not taken yet. Every replica writes here, so the gate and the reports
-- see the figures of all of them.

-- One row per shadow comparison, skipped ones included when they could be attributed to a route.
CREATE TABLE shadow_comparison (
    id                   bigserial PRIMARY KEY,
    resource             text        NOT NULL,                -- flag key: dashboards.dashboard.grafana.app
    namespace            text        NOT NULL,
    route                text        NOT NULL,                -- the translator's route id: dashboards.get
    object_name          text        NOT NULL DEFAULT '',
    mode                 smallint    NOT NULL,
    outcome              text        NOT NULL CHECK (outcome IN ('match', 'mismatch', 'noise', 'shadow-error', 'skipped')),
    detail               text        NOT NULL DEFAULT '',     -- why a comparison was skipped or failed
    -- [{"path": "$.meta.folderTitle", "kind": "mismatch"|"noise", "authoritative": "...", "shadow": "..."}], samples truncated
    paths                jsonb       NOT NULL DEFAULT '[]',
    authoritative_status integer,
    shadow_status        integer,
    authoritative_ms     double precision,
    shadow_ms            double precision,
    compared_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shadow_comparison_latest ON shadow_comparison (resource, namespace, compared_at DESC, id DESC);
CREATE INDEX shadow_comparison_age ON shadow_comparison (compared_at);

-- Diffy's counters: per path, how often the two sides differed (raw) and how often two answers of the
-- authoritative side differed (noise); per route, how many answers were compared and how many noise checks ran.
CREATE TABLE shadow_path_counter (
    resource text   NOT NULL,
    route    text   NOT NULL,
    path     text   NOT NULL,
    raw      bigint NOT NULL DEFAULT 0,
    noise    bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (resource, route, path)
);
CREATE TABLE shadow_route_counter (
    resource     text   NOT NULL,
    route        text   NOT NULL,
    compared     bigint NOT NULL DEFAULT 0,
    noise_checks bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (resource, route)
);

-- Comparisons that were not made (queue full, body over the cap, ...), counted rather than stored one by one,
-- since they happen exactly when the gateway is busiest.
CREATE TABLE shadow_skipped (
    resource  text   NOT NULL,
    namespace text   NOT NULL,
    route     text   NOT NULL,
    reason    text   NOT NULL,
    skipped   bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (resource, namespace, route, reason)
);

-- One row per write copied to the other side (the dual-write report).
CREATE TABLE dual_write (
    id           bigserial PRIMARY KEY,
    resource     text        NOT NULL,
    namespace    text        NOT NULL,
    object_name  text        NOT NULL,
    mode         smallint    NOT NULL,
    target       text        NOT NULL CHECK (target IN ('unified', 'legacy')),
    outcome      text        NOT NULL CHECK (outcome IN ('applied', 'unchanged', 'superseded', 'failed', 'queued', 'compensated')),
    retry        boolean     NOT NULL DEFAULT false,        -- written by the outbox, not on the request path
    detail       text        NOT NULL DEFAULT '',
    paths        jsonb       NOT NULL DEFAULT '[]',         -- differences between the objects both stores returned
    source_ms    double precision,
    target_ms    double precision,
    written_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dual_write_latest ON dual_write (resource, namespace, written_at DESC);
CREATE INDEX dual_write_failures ON dual_write (resource, namespace, written_at DESC) WHERE outcome IN ('failed', 'queued', 'compensated');

-- Orders the writes of one object: a write observed later carries a higher number.
CREATE SEQUENCE dual_write_seq;

-- The last write (by dual_write_seq) applied to each object on each side: an older one is never applied after it,
-- and the same one applied again is a no-op. The row is locked while a write is applied, across replicas.
CREATE TABLE dual_write_applied (
    target      text   NOT NULL,
    resource    text   NOT NULL,
    namespace   text   NOT NULL,
    object_name text   NOT NULL,
    seq         bigint NOT NULL,
    PRIMARY KEY (target, resource, namespace, object_name)
);

-- Writes one side has not taken yet; retried with backoff until applied or resolved by an operator.
CREATE TABLE dual_write_outbox (
    id              bigserial PRIMARY KEY,
    seq             bigint      NOT NULL,
    target          text        NOT NULL CHECK (target IN ('unified', 'legacy')),
    resource        text        NOT NULL,
    namespace       text        NOT NULL,
    object_name     text        NOT NULL,
    object          jsonb,                                  -- the state to write; NULL: the object is deleted
    attempts        integer     NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error      text        NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    done_at         timestamptz,
    resolution      text        NOT NULL DEFAULT ''         -- 'applied', 'superseded', or an operator's reason
);
CREATE INDEX dual_write_outbox_due ON dual_write_outbox (next_attempt_at) WHERE done_at IS NULL;
CREATE INDEX dual_write_outbox_pending ON dual_write_outbox (resource, namespace) WHERE done_at IS NULL;
