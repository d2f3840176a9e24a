import * as v from 'valibot';
import type { AuditRow } from '../db/queries/audit';
import { ACTOR_KINDS, AUDIT_ACTIONS } from '../db/schema';

/** The public id of an audit event: its row id behind a prefix, so ids of different objects never mix. */
export const AUDIT_EVENT_ID_PATTERN = /^aev_[1-9][0-9]{0,17}$/;
export const auditEventId = (rowId: number) => `aev_${rowId}`;
export const auditRowId = (publicId: string) => Number(publicId.slice(4));

export const auditEventSchema = v.object({
  id: v.string(),
  object: v.literal('audit_event'),
  kind: v.pipe(v.picklist([...AUDIT_ACTIONS]), v.description('What happened: `deployment.rolled_back`, `key.created`, … (a closed set).')),
  actor: v.object({
    kind: v.pipe(v.picklist([...ACTOR_KINDS]), v.description('`user` (dashboard), `api_key`, `cli` (the operator), `deploy_hook` or `system`.')),
    id: v.pipe(v.nullable(v.string()), v.description('The user, key or hook id; null for the CLI and the system.')),
    label: v.pipe(v.string(), v.description('As people read it: an email, a key’s label, "operator", a hook’s name.')),
    key_prefix: v.pipe(v.nullable(v.string()), v.description('An API key’s display prefix (as key listings show it); null for other actors.')),
    ip: v.nullable(v.string()),
  }),
  target: v.pipe(v.nullable(v.string()), v.description('The id or name acted upon: a deployment id, a domain, a key id.')),
  data: v.pipe(v.record(v.string(), v.unknown()), v.description('What else is known of the change (site, environment, label, …).')),
  created_at: v.string(),
});

export function auditEventView(row: AuditRow) {
  return {
    id: auditEventId(row.id),
    object: 'audit_event' as const,
    kind: row.action,
    actor: { kind: row.actorKind, id: row.actorId, label: row.actor, key_prefix: row.actorKeyPrefix, ip: row.ip },
    target: row.target,
    data: row.detail ?? {},
    created_at: row.at.toISOString(),
  };
}
