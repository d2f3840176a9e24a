/** A certificate ready to be served: `certPem` is the leaf followed by its issuing chain. */
export interface IssuedCertificate {
  certPem: string;
  keyPem: string;
  notBefore: Date;
  notAfter: Date;
  issuer: 'local' | 'acme';
}
