-- Objects' JSON compressed with lz4 rather than pglz where the server has it (PostgreSQL 14+, built with lz4): every
-- write compresses its value, and a 15 KB dashboard costs pglz about three times what it costs lz4; reads decompress
-- faster too. Only new values use it; stored ones stay as they are, readable either way. A server without lz4 keeps
-- pglz.
DO $$
BEGIN
    ALTER TABLE resource ALTER COLUMN value SET COMPRESSION lz4;
    ALTER TABLE resource_history ALTER COLUMN value SET COMPRESSION lz4;
EXCEPTION
    WHEN feature_not_supported THEN
        RAISE NOTICE 'lz4 is not available: values stay compressed with pglz';
END
$$;
