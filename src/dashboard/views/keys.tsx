import type { FC } from 'hono/jsx';
import { describeScopes, isExpired } from '../../accounts/key-settings';
import type { listApiKeys } from '../../db/queries/accounts';
import { Time } from './forms';
import { DangerLink, ListTable } from './list-table';

type KeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

/** "Never", the time it expires, or the time it expired with an "Expired" badge. */
const Expiry: FC<{ at: Date | null; now: Date }> = ({ at, now }) =>
  at === null ? (
    <span class="muted">Never</span>
  ) : isExpired(at, now) ? (
    <>
      <span class="badge error">Expired</span> <Time at={at} />
    </>
  ) : (
    <Time at={at} />
  );

/** Active keys get a revoke link; revoked ones say when instead. */
export const KeyTable: FC<{ keys: KeyRow[]; now: Date }> = ({ keys, now }) => (
  <ListTable
    rows={keys}
    columns={['Label', 'Key', 'Scopes', 'Limit', 'Expires', 'Created', 'Last used']}
    actions={keys[0]?.revokedAt ? 'Revoked' : true}
    row={(k) => (
      <tr data-key-id={k.id}>
        <td>{k.label}</td>
        <td class="mono">{k.prefix}…</td>
        <td data-scopes>{describeScopes(k.scopes)}</td>
        <td data-limit>{k.rateLimitPerMinute === null ? <span class="muted">Account’s</span> : `${k.rateLimitPerMinute}/min`}</td>
        <td data-expires>
          <Expiry at={k.expiresAt} now={now} />
        </td>
        <td>
          <Time at={k.createdAt} />
        </td>
        <td data-last-used>
          <Time at={k.lastUsedAt} never="Never" />
        </td>
        <td>
          {k.revokedAt ? (
            <Time at={k.revokedAt} />
          ) : (
            <DangerLink href={`/dashboard/keys/${k.id}/revoke`} label={`Revoke ${k.label}`}>
              Revoke
            </DangerLink>
          )}
        </td>
      </tr>
    )}
  />
);
