-- New legacy numeric ids for objects created on the unified side (modes 4 and 5), which legacy clients see as "id"
-- and may look up by it. The legacy tables hand out ids from their own serials, which the gateway cannot see and
-- which keep growing while other namespaces are still in mode 0, so the two ranges are kept apart by starting far
-- above any id a legacy deployment realistically reaches (a Grafana with millions of dashboard rows is rare), yet
-- below 2^31 for clients that read ids as 32-bit integers. Dashboards and folders share one id space, as they are
-- both rows of Grafana's dashboard table; playlists have their own table and their own ids.
CREATE SEQUENCE legacy_dashboard_id START WITH 1000000000;
CREATE SEQUENCE legacy_playlist_id START WITH 1000000000;
