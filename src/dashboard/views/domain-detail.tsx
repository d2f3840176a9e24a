import type { Child, FC } from 'hono/jsx';
import { getDomain as registrableDomain } from 'tldts';
import type { DomainRow, findCertificate } from '../../db/queries/domains';
import { answered, answerWords, findingHint, type DnsRecord, type RecordFinding } from '../../hosting/domains';
import { domainPath, SslBadge, StatusBadge } from './domains';
import { Notice, PostForm, Time } from './forms';

/** Shown with the records: any TTL works, and a short one lets a mistyped record be corrected quickly. */
const SUGGESTED_TTL = 300;

/** One record of the last check: the API's hint, then what each resolver answered when several were asked or one failed. */
function findingDetails(record: DnsRecord, f: RecordFinding | undefined, edgeIpv4: string): Child {
  const lookups = f?.lookups ?? [];
  const resolvers = new Set(lookups.map((l) => l.resolver));
  const worthListing = resolvers.size > 1 || lookups.some((l) => !answered(l.outcome));
  return (
    <>
      {findingHint(record, f, edgeIpv4)}
      {worthListing && (
        <ul class="lookups hint">
          {lookups.map((l) => (
            <li data-lookup={l.outcome}>
              <span class="mono">{l.resolver}</span>: {l.type} {answerWords(l)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** DOMAIN_VERIFY_WINDOW_MS in words: “48 hours” (tests use windows of seconds). */
function durationWords(ms: number): string {
  const [n, unit] = ms >= 3_600_000 ? [ms / 3_600_000, 'hour'] : ms >= 60_000 ? [ms / 60_000, 'minute'] : [ms / 1_000, 'second'];
  const rounded = Math.round(n * 10) / 10;
  return `${rounded} ${unit}${rounded === 1 ? '' : 's'}`;
}

/** What a user types at a DNS host that appends the zone itself: `_kiln-challenge.www` for `_kiln-challenge.www.example.com`. */
function relativeName(recordName: string, domain: string): string | null {
  const zone = registrableDomain(domain, { allowPrivateDomains: false });
  if (!zone || (recordName !== zone && !recordName.endsWith(`.${zone}`))) return null;
  return recordName === zone ? '@' : recordName.slice(0, -(zone.length + 1));
}

/** One domain: what its last check decided, its status and certificate, the DNS records to create, and its removal. */
export const DomainDetail: FC<{
  d: DomainRow;
  records: DnsRecord[];
  cert: Awaited<ReturnType<typeof findCertificate>>;
  windowMs: number;
  edgeIpv4: string;
  done: string | undefined;
  csrfToken: string;
}> = ({ d, records, cert, windowMs, edgeIpv4, done, csrfToken }) => {
  const findings = d.lastCheck && 'records' in d.lastCheck ? d.lastCheck.records : [];
  const lookupError = d.lastCheck && 'error' in d.lastCheck ? d.lastCheck.error : null;
  const windowEnds = new Date(d.windowStartedAt.getTime() + windowMs);
  const windowLength = durationWords(windowMs);
  return (
    <>
      {done === 'added' && <Notice kind="ok">Domain added. Create the two DNS records below at your DNS host; Kiln checks for them automatically.</Notice>}
      {done === 'checked' &&
        (d.status === 'verified' ? (
          <Notice kind="ok">Checked: the domain is verified. {d.ssl === 'active' ? '' : 'Its HTTPS certificate is being issued.'}</Notice>
        ) : d.status === 'failed' ? (
          <Notice kind="error">Checked: the records were not in place before the verification window ended, so the domain failed.</Notice>
        ) : lookupError ? (
          <Notice kind="warn">Checked, but the DNS lookup failed, so nothing was decided. Try again in a few minutes.</Notice>
        ) : (
          <Notice kind="warn">Checked: not every record is in place yet. See what the check found below.</Notice>
        ))}
      <p>
        <a href="/dashboard/domains">← All domains</a>
      </p>
      <section aria-labelledby="status">
        <h2 id="status">Status</h2>
        <dl class="facts">
          <dt>Site</dt>
          <dd class="mono">{d.siteId}</dd>
          {d.pairedWith && (
            <>
              <dt>Paired with</dt>
              <dd data-pair={d.redirects ? 'redirects' : 'canonical'}>
                <a href={domainPath(d.pairedWith)}>{d.pairedWith}</a>{' '}
                <span class="muted">
                  {d.redirects
                    ? `this name redirects (308) to ${d.pairedWith} once that one is verified`
                    : `${d.pairedWith} redirects (308) here; this name serves the site`}
                </span>
              </dd>
            </>
          )}
          <dt>Status</dt>
          <dd data-status={d.status}>
            <StatusBadge status={d.status} /> {d.status === 'pending_verification' && <span class="muted">waiting for both DNS records below</span>}
            {d.status === 'failed' && <span class="muted">the records were not found within {windowLength}</span>}
          </dd>
          <dt>Verification</dt>
          <dd>
            {d.status === 'verified' && (
              <>
                Verified <Time at={d.verifiedAt} />
              </>
            )}
            {d.status === 'pending_verification' && (
              <>
                Automatic checks go on until <Time at={windowEnds} />.
              </>
            )}
            {d.status === 'failed' && (
              <>
                The window ended <Time at={windowEnds} />. Check now starts a new window of {windowLength}.
              </>
            )}
          </dd>
          <dt>HTTPS</dt>
          <dd data-ssl={d.ssl}>
            <SslBadge ssl={d.ssl} /> {d.ssl === 'inactive' && <span class="muted">a certificate is issued once the domain is verified</span>}
            {d.sslError && <span class="error-text"> {d.sslError}</span>}
            {d.ssl === 'error' && d.sslProblem?.type && (
              <div class="hint" data-problem={d.sslProblem.type}>
                The certificate authority’s problem: <code>{d.sslProblem.type}</code>
                {d.sslProblem.status ? ` (HTTP ${d.sslProblem.status})` : ''}
                {(d.sslProblem.subproblems ?? []).map((p) => (
                  <div>
                    {p.identifier ? `${p.identifier.value}: ` : ''}
                    {p.type && <code>{p.type}</code>} {p.detail}
                  </div>
                ))}
              </div>
            )}
          </dd>
          <dt>Certificate expires</dt>
          <dd>{cert ? <Time at={cert.notAfter} /> : <span class="muted">No certificate yet</span>}</dd>
          <dt>Last check</dt>
          <dd>
            <Time at={d.lastCheckedAt} never="Not checked yet" />
          </dd>
          <dt>Next automatic check</dt>
          <dd>
            <Time at={d.nextCheckAt} never="None scheduled" />
          </dd>
          <dt>Added</dt>
          <dd>
            <Time at={d.createdAt} />
          </dd>
        </dl>
        {d.status !== 'verified' && (
          <PostForm action={`${domainPath(d.domain)}/check`} csrfToken={csrfToken} class="actions">
            <button type="submit" class="primary">
              Check now
            </button>
          </PostForm>
        )}
      </section>
      <section aria-labelledby="records">
        <h2 id="records">DNS records</h2>
        <p>
          {d.status === 'verified'
            ? 'Keep these records at your DNS host: the routing record sends visitors here.'
            : 'Create these records at your DNS host. The TXT record proves the domain is yours; the other one sends visitors here.'}
        </p>
        <div class="table-wrap">
          <table class="dns-records">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Name</th>
                <th scope="col">Value</th>
                <th scope="col">TTL</th>
              </tr>
            </thead>
            <tbody>
              {records.map((r, i) => {
                const relative = relativeName(r.name, d.domain);
                return (
                  <tr data-record={r.type}>
                    <td>{r.type}</td>
                    <td>
                      <span class="copy-cell">
                        <code id={`record-${i}-name`}>{r.name}</code>
                        <button type="button" data-copy={`#record-${i}-name`} aria-label={`Copy the ${r.type} record’s name`}>
                          Copy
                        </button>
                      </span>
                      {relative && relative !== r.name && (
                        <div class="hint">
                          At hosts that add {registrableDomain(d.domain, { allowPrivateDomains: false })} themselves: <code>{relative}</code>
                        </div>
                      )}
                    </td>
                    <td>
                      <span class="copy-cell">
                        <code id={`record-${i}-value`}>{r.value}</code>
                        <button type="button" data-copy={`#record-${i}-value`} aria-label={`Copy the ${r.type} record’s value`}>
                          Copy
                        </button>
                      </span>
                    </td>
                    <td>{SUGGESTED_TTL}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p class="hint">Any TTL works; {SUGGESTED_TTL} seconds lets a mistyped record be corrected quickly.</p>
      </section>
      <section aria-labelledby="last-check">
        <h2 id="last-check">Last check</h2>
        {!d.lastCheckedAt ? (
          <p class="muted">Not checked yet.</p>
        ) : (
          <>
            <p>
              <Time at={d.lastCheckedAt} />
              {lookupError ? <>: the DNS lookup failed ({lookupError}). That decides nothing; the next check tries again.</> : ':'}
            </p>
            {findings.length > 0 && (
              <ul class="findings">
                {records.map((r) => {
                  const f = findings.find((x) => x.type === r.type && x.name === r.name);
                  return <li data-finding={f?.status ?? 'unknown'}>{findingDetails(r, f, edgeIpv4)}</li>;
                })}
              </ul>
            )}
          </>
        )}
      </section>
      <section aria-labelledby="remove">
        <h2 id="remove">Remove</h2>
        <p>
          <a href={`${domainPath(d.domain)}/remove`} class="danger">
            Remove domain
          </a>
        </p>
      </section>
    </>
  );
};
