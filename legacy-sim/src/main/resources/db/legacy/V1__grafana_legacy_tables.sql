-- Grafana's legacy tables as Grafana's SQL migrator creates them on PostgreSQL (names, columns, types,
-- nullability and indexes after pkg/services/sqlstore/migrations/*, see shared/reference/grafana-wire.md §5.1).
-- This schema is "the legacy database": the simulator serves /api from it and migration jobs read it.

CREATE TABLE org (
    id         BIGSERIAL PRIMARY KEY,
    version    INTEGER      NOT NULL,
    name       VARCHAR(190) NOT NULL UNIQUE,
    address1   VARCHAR(255),
    address2   VARCHAR(255),
    city       VARCHAR(255),
    state      VARCHAR(255),
    zip_code   VARCHAR(50),
    country    VARCHAR(255),
    billing_email VARCHAR(255),
    created    TIMESTAMP    NOT NULL,
    updated    TIMESTAMP    NOT NULL
);

CREATE TABLE "user" (
    id             BIGSERIAL PRIMARY KEY,
    version        INTEGER      NOT NULL,
    login          VARCHAR(190) NOT NULL UNIQUE,
    email          VARCHAR(190) NOT NULL UNIQUE,
    name           VARCHAR(255),
    password       VARCHAR(255),
    salt           VARCHAR(50),
    rands          VARCHAR(50),
    company        VARCHAR(255),
    org_id         BIGINT       NOT NULL,
    is_admin       BOOLEAN      NOT NULL,
    email_verified BOOLEAN,
    theme          VARCHAR(255),
    help_flags1    BIGINT       NOT NULL DEFAULT 0,
    is_disabled    BOOLEAN      NOT NULL DEFAULT FALSE,
    is_service_account BOOLEAN  DEFAULT FALSE,
    last_seen_at   TIMESTAMP,
    created        TIMESTAMP    NOT NULL,
    updated        TIMESTAMP    NOT NULL
);

CREATE TABLE org_user (
    id      BIGSERIAL PRIMARY KEY,
    org_id  BIGINT      NOT NULL,
    user_id BIGINT      NOT NULL,
    role    VARCHAR(20) NOT NULL,
    created TIMESTAMP   NOT NULL,
    updated TIMESTAMP   NOT NULL,
    UNIQUE (org_id, user_id)
);
CREATE INDEX "IDX_org_user_org_id" ON org_user (org_id);

-- API keys and service-account tokens ("glsa_..."); key holds a hash of the token, never the token.
CREATE TABLE api_key (
    id                 BIGSERIAL PRIMARY KEY,
    org_id             BIGINT       NOT NULL,
    name               VARCHAR(190) NOT NULL,
    key                VARCHAR(190) NOT NULL UNIQUE,
    role               VARCHAR(255) NOT NULL,
    created            TIMESTAMP    NOT NULL,
    updated            TIMESTAMP    NOT NULL,
    expires            BIGINT,
    service_account_id BIGINT,
    last_used_at       TIMESTAMP,
    is_revoked         BOOLEAN DEFAULT FALSE,
    UNIQUE (org_id, name)
);

CREATE TABLE dashboard (
    id          BIGSERIAL PRIMARY KEY,
    version     INTEGER      NOT NULL,
    slug        VARCHAR(189) NOT NULL,
    title       VARCHAR(189) NOT NULL,
    data        TEXT         NOT NULL,
    org_id      BIGINT       NOT NULL,
    created     TIMESTAMP    NOT NULL,
    updated     TIMESTAMP    NOT NULL,
    updated_by  INTEGER,
    created_by  INTEGER,
    gnet_id     BIGINT,
    plugin_id   VARCHAR(189),
    folder_id   BIGINT       NOT NULL DEFAULT 0,
    is_folder   BOOLEAN      NOT NULL DEFAULT FALSE,
    has_acl     BOOLEAN      NOT NULL DEFAULT FALSE,
    uid         VARCHAR(40),
    is_public   BOOLEAN      NOT NULL DEFAULT FALSE,
    deleted     TIMESTAMP,
    api_version VARCHAR(16),
    folder_uid  VARCHAR(40)
);
CREATE UNIQUE INDEX "UQE_dashboard_org_id_uid" ON dashboard (org_id, uid);
CREATE INDEX "IDX_dashboard_org_id_folder_id_title" ON dashboard (org_id, folder_id, title);
CREATE INDEX "IDX_dashboard_title" ON dashboard (title);
CREATE INDEX "IDX_dashboard_is_folder" ON dashboard (is_folder);
CREATE INDEX "IDX_dashboard_deleted" ON dashboard (deleted);
CREATE INDEX "IDX_dashboard_gnet_id" ON dashboard (gnet_id);
CREATE INDEX "IDX_dashboard_org_id_plugin_id" ON dashboard (org_id, plugin_id);
CREATE INDEX "IDX_dashboard_org_id_folder_uid" ON dashboard (org_id, folder_uid);

CREATE TABLE dashboard_tag (
    id            BIGSERIAL PRIMARY KEY,
    dashboard_id  BIGINT      NOT NULL,
    term          VARCHAR(50) NOT NULL,
    dashboard_uid VARCHAR(40),
    org_id        BIGINT
);
CREATE INDEX "IDX_dashboard_tag_dashboard_id" ON dashboard_tag (dashboard_id);
CREATE INDEX "IDX_dashboard_tag_org_id_term" ON dashboard_tag (org_id, term);

CREATE TABLE dashboard_version (
    id             BIGSERIAL PRIMARY KEY,
    dashboard_id   BIGINT    NOT NULL,
    parent_version INTEGER   NOT NULL,
    restored_from  INTEGER   NOT NULL,
    version        INTEGER   NOT NULL,
    created        TIMESTAMP NOT NULL,
    created_by     BIGINT    NOT NULL,
    message        TEXT      NOT NULL,
    data           TEXT      NOT NULL,
    api_version    VARCHAR(16),
    UNIQUE (dashboard_id, version)
);

CREATE TABLE folder (
    id          BIGSERIAL PRIMARY KEY,
    uid         VARCHAR(40)  NOT NULL,
    org_id      BIGINT       NOT NULL,
    title       VARCHAR(255) NOT NULL,
    description VARCHAR(255),
    parent_uid  VARCHAR(40)  DEFAULT '',
    created     TIMESTAMP    NOT NULL,
    updated     TIMESTAMP    NOT NULL,
    UNIQUE (uid, org_id)
);
CREATE INDEX "IDX_folder_parent_uid_org_id" ON folder (parent_uid, org_id);

CREATE TABLE playlist (
    id         BIGSERIAL PRIMARY KEY,
    name       VARCHAR(255) NOT NULL,
    "interval" VARCHAR(255) NOT NULL,
    org_id     BIGINT       NOT NULL,
    uid        VARCHAR(80)  NOT NULL DEFAULT '0',
    created_at BIGINT       NOT NULL DEFAULT 0,
    updated_at BIGINT       NOT NULL DEFAULT 0,
    UNIQUE (org_id, uid)
);

CREATE TABLE playlist_item (
    id          BIGSERIAL PRIMARY KEY,
    playlist_id BIGINT       NOT NULL,
    type        VARCHAR(255) NOT NULL,
    value       TEXT         NOT NULL,
    title       TEXT         NOT NULL,
    "order"     INTEGER      NOT NULL
);
CREATE INDEX "IDX_playlist_item_playlist_id" ON playlist_item (playlist_id);
