-- Calls to the operations of a resource that the gateway does not translate (docs/legacy-surface.md), per minute and
-- per replica's flush: the flip gate refuses mode 4, where those operations are refused, while they still get calls.
CREATE TABLE untranslated_calls (
    resource  text        NOT NULL,
    operation text        NOT NULL,
    minute    timestamptz NOT NULL,
    calls     bigint      NOT NULL,
    PRIMARY KEY (resource, operation, minute)
);
