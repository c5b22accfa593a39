-- A dual-write between its two sides: written before the first side's write, deleted once the second side has it (or
-- the outbox does). One left by a gateway that stopped without a clean stop (its node no longer beats) is a write half
-- done: another gateway takes it over, queues a re-read of the object from the first side for the second, and records
-- the stop as a write outage.
CREATE TABLE dual_write_intent (
    id          bigserial   PRIMARY KEY,
    node_id     text        NOT NULL,
    source      text        NOT NULL CHECK (source IN ('unified', 'legacy')),
    resource    text        NOT NULL,
    namespace   text        NOT NULL,
    object_name text        NOT NULL,                      -- '' when the write names no object before it is made
    started_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dual_write_intent_node ON dual_write_intent (node_id);

-- An outbox entry that reads the object from the other side when it is applied, instead of carrying its state.
ALTER TABLE dual_write_outbox ADD COLUMN reread boolean NOT NULL DEFAULT false;
