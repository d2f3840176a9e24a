export { normalizeDomain } from './normalize-domain';
export type { NormalizeDomainResult } from './normalize-domain';
export {
  isApexDomain,
  requiredRecords,
  ownershipRecordName,
  newVerificationToken,
  OWNERSHIP_LABEL,
  OWNERSHIP_PREFIX,
} from './dns-records';
export type { DnsRecord, DnsRecordType, RequiredRecordsInput } from './dns-records';
export { createResolver, parseDnsServers, DnsLookupError } from './dns-resolver';
export type { DomainResolver } from './dns-resolver';
export { checkDomainRecords } from './check-domain';
export type { CheckDomainOptions, DomainCheckObservation, DomainCheckResult, RecordFinding, RecordStatus } from './check-domain';
export {
  nextCheckDelayMs,
  verificationExpired,
  FIRST_CHECK_DELAY_MS,
  MAX_CHECK_DELAY_MS,
  DEFAULT_VERIFY_WINDOW_MS,
} from './verify-schedule';
