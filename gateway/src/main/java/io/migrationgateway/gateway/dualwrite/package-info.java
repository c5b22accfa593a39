/**
 * Dual-write (DESIGN §3, modes 1–3): {@link io.migrationgateway.gateway.dualwrite.DualWriter} copies a write from the
 * store that took it to the other, through {@code ObjectSync} (ordered, idempotent) over the two {@code Side}s;
 * {@link io.migrationgateway.gateway.dualwrite.DualWriteStore} keeps the records, the applied numbers and the outbox in
 * PostgreSQL, which {@link io.migrationgateway.gateway.dualwrite.OutboxWorker} drains;
 * {@link io.migrationgateway.gateway.upstream.LegacyClient} is the legacy side for requests whose answer the gateway
 * must see first.
 */
package io.migrationgateway.gateway.dualwrite;

import io.migrationgateway.gateway.upstream.LegacyClient;
