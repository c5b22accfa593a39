package io.migrationgateway.legacysim.permission;

/**
 * The {@code dashboard} row whose permissions a route reads or replaces: a dashboard, or a folder's row (whose id is
 * the folder's legacy id).
 */
record AclTarget(long id, String uid, String title, String slug, boolean isFolder) {
}
