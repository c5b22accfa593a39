-- Unified storage, modelled on Grafana's pkg/storage/unified/sql/db/migrations/resource_mig.go.
-- Table names are unqualified: Flyway runs this in the schema the caller chose.

-- The current state of every live object (deleted objects have no row here).
CREATE TABLE resource (
    guid                      uuid         PRIMARY KEY,           -- the guid of the write that produced this state
    "group"                   varchar(190) NOT NULL,
    resource                  varchar(190) NOT NULL,
    namespace                 varchar(63)  COLLATE "C" NOT NULL,   -- byte order, as Kubernetes lists
    name                      varchar(253) COLLATE "C" NOT NULL,
    value                     text         NOT NULL,              -- the full object; text keeps the writer's key order
    labels                    jsonb,                              -- metadata.labels, for selector pushdown
    resource_version          bigint       NOT NULL,
    previous_resource_version bigint       NOT NULL DEFAULT 0,
    action                    smallint     NOT NULL,              -- 1 create, 2 update (3 delete only in history)
    folder                    text         NOT NULL DEFAULT '',
    CONSTRAINT resource_key UNIQUE ("group", resource, namespace, name)
);

-- One row per write, deletes included (value = the last state, carrying the delete's resource version).
CREATE TABLE resource_history (
    guid                      uuid         PRIMARY KEY,
    "group"                   varchar(190) NOT NULL,
    resource                  varchar(190) NOT NULL,
    namespace                 varchar(63)  COLLATE "C" NOT NULL,   -- byte order, as Kubernetes lists
    name                      varchar(253) COLLATE "C" NOT NULL,
    value                     text         NOT NULL,
    labels                    jsonb,
    resource_version          bigint       NOT NULL,
    previous_resource_version bigint       NOT NULL DEFAULT 0,
    action                    smallint     NOT NULL,
    folder                    text         NOT NULL DEFAULT '',
    generation                bigint       NOT NULL DEFAULT 0
);
-- Watch replay and the HA poller: every write of a group-resource after a resource version, in order.
CREATE UNIQUE INDEX resource_history_poll ON resource_history ("group", resource, resource_version);
-- List at a resource version (latest row per name at or below it) and the previous state of an update.
CREATE INDEX resource_history_key_rv ON resource_history ("group", resource, namespace, name, resource_version);

-- Per-group-resource counter; its row lock orders the writes of one group-resource.
CREATE TABLE resource_version (
    "group"          varchar(190) NOT NULL,
    resource         varchar(190) NOT NULL,
    resource_version bigint       NOT NULL,
    PRIMARY KEY ("group", resource)
);

-- History below compacted_resource_version may be gone: lists and watches older than it are 410 Expired.
-- Kept apart from resource_version so compaction never waits on the writers' counter lock.
CREATE TABLE resource_compaction (
    "group"                    varchar(190) NOT NULL,
    resource                   varchar(190) NOT NULL,
    compacted_resource_version bigint       NOT NULL,
    PRIMARY KEY ("group", resource)
);
