/**
 * TLS for the public listener: an {@link javax.net.ssl.SSLContext} from PEM files
 * ({@link io.migrationgateway.gateway.tls.PemSslContext}) and a self-signed certificate for the demo and tests
 * ({@link io.migrationgateway.gateway.tls.SelfSignedCertificate}). kubectl sends credentials only over TLS.
 */
package io.migrationgateway.gateway.tls;
