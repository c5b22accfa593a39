-- The overview reads the latest swept comparisons of each scope on every render; swept rows are few beside live ones,
-- so without an index of their own that read would walk the scope's live rows to find them.
CREATE INDEX shadow_comparison_swept ON shadow_comparison (resource, namespace, compared_at DESC, id DESC) WHERE swept;
