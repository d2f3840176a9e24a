export type { IssuedCertificate } from './types';
export { createLocalCa, issueLocalCertificate, type LocalCa } from './local-ca';
export {
  issueAcmeCertificate,
  AcmeIssuanceError,
  type AcmeIssueOptions,
  type AcmeIssuedCertificate,
} from './acme-issuer';
export { createMemoryChallengeStore, type Http01ChallengeStore, type MemoryChallengeStore } from './challenge-store';
export {
  certificateExpiry,
  certificateValidity,
  certificateNames,
  needsRenewal,
  DEFAULT_RENEW_BEFORE_MS,
} from './certificate-info';
export { toAcmeProblem, describeProblem, type AcmeProblem } from './acme-problem';
