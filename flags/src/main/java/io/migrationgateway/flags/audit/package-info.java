/** The audit log of flips: who, when, which namespace, from and to, why, the gate's figures, forced or not. */
package io.migrationgateway.flags.audit;
