-- Grafana's legacy dashboard permissions and preferences, as its SQL migrator creates them on PostgreSQL
-- (pkg/services/sqlstore/migrations/dashboard_acl.go and preferences_mig.go in the 9.3 tree).

-- One row per grant on a dashboard or folder (the folder's dashboard row), to a user, a team or an org role.
-- user_id and team_id are NULL when the grant is not theirs, so that one dashboard can hold several role rows.
CREATE TABLE dashboard_acl (
    id           BIGSERIAL PRIMARY KEY,
    org_id       BIGINT      NOT NULL,
    dashboard_id BIGINT      NOT NULL,
    user_id      BIGINT,
    team_id      BIGINT,
    permission   SMALLINT    NOT NULL DEFAULT 4,
    role         VARCHAR(20),
    created      TIMESTAMP   NOT NULL,
    updated      TIMESTAMP   NOT NULL
);
CREATE INDEX "IDX_dashboard_acl_dashboard_id" ON dashboard_acl (dashboard_id);
CREATE UNIQUE INDEX "UQE_dashboard_acl_dashboard_id_user_id" ON dashboard_acl (dashboard_id, user_id);
CREATE UNIQUE INDEX "UQE_dashboard_acl_dashboard_id_team_id" ON dashboard_acl (dashboard_id, team_id);
CREATE INDEX "IDX_dashboard_acl_user_id" ON dashboard_acl (user_id);
CREATE INDEX "IDX_dashboard_acl_team_id" ON dashboard_acl (team_id);
CREATE INDEX "IDX_dashboard_acl_org_id_role" ON dashboard_acl (org_id, role);
CREATE INDEX "IDX_dashboard_acl_permission" ON dashboard_acl (permission);

-- Grafana's defaults (org -1, dashboard -1): what applies to a dashboard or folder that has no grants of its own.
INSERT INTO dashboard_acl (org_id, dashboard_id, permission, role, created, updated) VALUES
    (-1, -1, 1, 'Viewer', '2017-06-20', '2017-06-20'),
    (-1, -1, 2, 'Editor', '2017-06-20', '2017-06-20');

-- A user's (user_id, team_id 0), a team's (user_id 0) or the org's (both 0) preferences.
CREATE TABLE preferences (
    id                BIGSERIAL PRIMARY KEY,
    org_id            BIGINT      NOT NULL,
    user_id           BIGINT      NOT NULL,
    team_id           BIGINT,
    version           INTEGER     NOT NULL,
    home_dashboard_id BIGINT      NOT NULL,
    timezone          VARCHAR(50) NOT NULL,
    theme             VARCHAR(20) NOT NULL,
    week_start        VARCHAR(10),
    json_data         TEXT,
    created           TIMESTAMP   NOT NULL,
    updated           TIMESTAMP   NOT NULL
);
CREATE INDEX "IDX_preferences_org_id" ON preferences (org_id);
CREATE INDEX "IDX_preferences_user_id" ON preferences (user_id);
