-- What a Resource API object carries that the legacy API cannot keep (modes 0-2): labels, annotations, finalizers,
-- managed fields, uid and creation time, per object, tied to the legacy object they were written with (its legacy id
-- and version). "pending" is a write through the gateway whose legacy write may not have happened yet: written before
-- it, cleared after it, so a gateway killed in between leaves either the old or the new metadata, never a mix.
CREATE TABLE kept_metadata (
    resource       text        NOT NULL,                -- plural.group
    namespace      text        NOT NULL,
    name           text        NOT NULL,
    legacy_id      bigint      NOT NULL,                -- a row with another id was kept for an object deleted since
    legacy_version text        NOT NULL,                -- the legacy object's resource version it was written with
    metadata       jsonb       NOT NULL,                -- {uid, creationTimestamp, labels, annotations, finalizers, managedFields}
    print          jsonb       NOT NULL,                -- FieldPrints.print of the object as written
    pending        jsonb,                               -- {metadata, specHash} of a write under way
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (resource, namespace, name)
);
