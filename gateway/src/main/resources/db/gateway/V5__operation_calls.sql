-- Every operation of a resource's legacy surface is counted now, translated or not (docs/legacy-surface.md): the
-- overview of a resource shows which its clients call; the flip gate still looks at the untranslated ones only.
ALTER TABLE untranslated_calls RENAME TO operation_calls;
ALTER TABLE operation_calls RENAME CONSTRAINT untranslated_calls_pkey TO operation_calls_pkey;
