-- Migration jobs: what runs, where each slice of the key space stands, and what the jobs found.
-- Unqualified names: Flyway runs this in the gateway's schema, next to unified storage, so that a copy's
-- checkpoint commits in the same transaction as the objects it wrote.

CREATE TABLE migration_job (
    id             bigserial   PRIMARY KEY,
    kind           text        NOT NULL,              -- copy, verify, reverse-copy
    resource       text        NOT NULL,              -- dashboards.dashboard.grafana.app
    namespace      text        NOT NULL DEFAULT '',   -- '' = every namespace
    state          text        NOT NULL,              -- running, paused, cancelled, succeeded, failed
    phase          text        NOT NULL,              -- planning, working, done
    created_at     timestamptz NOT NULL DEFAULT now(),
    finished_at    timestamptz,
    rows_total     bigint      NOT NULL DEFAULT 0,    -- estimate at planning time
    watermark      timestamp,                         -- the legacy clock when planning began (catch-up reads past it)
    message        text        NOT NULL DEFAULT ''
);
-- One job per (kind, resource, namespace) at a time.
CREATE UNIQUE INDEX migration_job_one_active ON migration_job (kind, resource, namespace)
    WHERE state IN ('running', 'paused');

-- Slices of the legacy key space (keys > lo and <= hi; hi NULL: no end). A runner claims one by locking its row
-- (FOR NO KEY UPDATE SKIP LOCKED) for as long as it works on it: a runner that dies releases it with its connection.
-- The slice numbered 2147483647 is the job's last step (catch-up, the verification's totals), claimable once every
-- other slice is done.
CREATE TABLE migration_job_slice (
    job_id bigint  NOT NULL,
    slice  integer NOT NULL,
    lo     bigint  NOT NULL,
    hi     bigint,
    done   boolean NOT NULL DEFAULT false,
    PRIMARY KEY (job_id, slice)
);

-- Where a slice stands, written in the transaction of the chunk it counts.
CREATE TABLE migration_job_checkpoint (
    job_id        bigint  NOT NULL,
    slice         integer NOT NULL,
    last_key      bigint  NOT NULL DEFAULT 0,
    last_name     text    NOT NULL DEFAULT '',
    processed     bigint  NOT NULL DEFAULT 0,
    created       bigint  NOT NULL DEFAULT 0,
    updated       bigint  NOT NULL DEFAULT 0,
    unchanged     bigint  NOT NULL DEFAULT 0,
    skipped_newer bigint  NOT NULL DEFAULT 0,
    unconvertible bigint  NOT NULL DEFAULT 0,
    matching      bigint  NOT NULL DEFAULT 0,
    mismatched    bigint  NOT NULL DEFAULT 0,
    missing       bigint  NOT NULL DEFAULT 0,
    extra         bigint  NOT NULL DEFAULT 0,
    PRIMARY KEY (job_id, slice)
);

-- Rows a job could not convert or write, with the reason; also what a verification found, with samples.
CREATE TABLE migration_job_finding (
    job_id    bigint NOT NULL,
    kind      text   NOT NULL,               -- unconvertible, mismatch, missing, extra
    namespace text   NOT NULL DEFAULT '',
    name      text   NOT NULL DEFAULT '',
    legacy_id bigint NOT NULL DEFAULT 0,
    paths     text[] NOT NULL DEFAULT '{}',  -- differing JSON paths
    detail    text   NOT NULL DEFAULT '',    -- the reason, or a sample of both sides at the first path
    PRIMARY KEY (job_id, kind, namespace, name, legacy_id)
);

-- Finished verifications: the flip gate's evidence.
CREATE TABLE migration_verification (
    job_id        bigint      PRIMARY KEY,
    resource      text        NOT NULL,
    namespace     text        NOT NULL,
    direction     text        NOT NULL,      -- legacy-to-unified, unified-to-legacy (after a reverse copy)
    finished_at   timestamptz NOT NULL,
    processed     bigint      NOT NULL,
    matching      bigint      NOT NULL,
    mismatched    bigint      NOT NULL,
    missing       bigint      NOT NULL,
    extra         bigint      NOT NULL,
    unconvertible bigint      NOT NULL
);
CREATE INDEX migration_verification_latest ON migration_verification (resource, namespace, direction, finished_at);
