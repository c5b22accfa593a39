/** The reverse copy: unified storage → legacy rows, the way back down from mode 4. */
package io.migrationgateway.jobs.reverse;
