-- The migration flags each gateway process serves, as JSON {"resource": {"enabled": .., "mode": .., "namespaceOverrides": ..}},
-- written at every heartbeat and at once when one of its flags changes, so that a flip can wait until every live
-- replica serves it.
ALTER TABLE gateway_node ADD COLUMN served_modes TEXT NOT NULL DEFAULT '{}';
