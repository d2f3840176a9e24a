export { normalizeDomain } from './normalize-domain';
export type { NormalizeDomainResult } from './normalize-domain';
export {
  isApexDomain,
  requiredRecords,
  ownershipRecordName,
  newVerificationToken,
  OWNERSHIP_LABEL,
  OWNERSHIP_PREFIX,
  wwwPair,
} from './dns-records';
export type { DnsRecord, DnsRecordType, RequiredRecordsInput } from './dns-records';
export { createResolver, parseDnsServers, DnsLookupError, answered, SYSTEM_RESOLVER } from './dns-resolver';
export type { DomainResolver, LookupOutcome, LookupType, ResolverAnswer } from './dns-resolver';
export { findingHint, answerWords } from './finding-hints';
export { checkDomainRecords } from './check-domain';
export type { CheckDomainOptions, DomainCheckObservation, DomainCheckResult, RecordFinding, RecordStatus } from './check-domain';
export {
  nextCheckDelayMs,
  verificationExpired,
  FIRST_CHECK_DELAY_MS,
  MAX_CHECK_DELAY_MS,
  DEFAULT_VERIFY_WINDOW_MS,
} from './verify-schedule';
