-- The compare job reads both sides of the gateway at a bounded rate, chosen per job (objects per second; 0 = the
-- gateway's default for its kind).
ALTER TABLE migration_job ADD COLUMN rate bigint NOT NULL DEFAULT 0;
