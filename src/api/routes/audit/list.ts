import { describeRoute, resolver } from 'hono-openapi';
import { AUDIT_EVENT_ID_PATTERN, auditEventSchema, auditEventView, auditRowId } from '../../../audit/views';
import { type AuditFilter, pageAudit } from '../../../db/queries/audit';
import { ACTOR_KINDS, AUDIT_ACTIONS, type ActorKind } from '../../../db/schema';
import { invalidParameter } from '../../../errors/api-error';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { type ListFilter, listParameters, readListQuery } from '../../lists/list-query';
import { listSchema, listView } from '../../lists/list-response';
import { errorResponses } from '../../schemas/responses';

/** A time: Unix seconds (as Stripe's `created[gte]`) or an ISO 8601 date-time. */
const TIME_PATTERN = /^(?:[0-9]{1,11}|[0-9]{4}-[0-9]{2}-[0-9]{2}(?:T[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,6})?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?)$/;
const TIME_MESSAGE = 'must be a time in Unix seconds or ISO 8601 (2026-01-31T12:00:00Z)';

const KINDS = new Set<string>(AUDIT_ACTIONS);
const GROUPS = new Set(AUDIT_ACTIONS.map((a) => a.slice(0, a.indexOf('.'))));

const FILTERS = {
  actor: {
    description:
      'Only events of this actor: a kind (`user`, `api_key`, `cli`, `deploy_hook`, `system`), or an id (a user, key or deploy hook id) or an API key’s display prefix.',
    pattern: /^[A-Za-z0-9_.@+-]{1,200}$/,
    patternMessage: 'must be an actor kind, an id or a key prefix',
  },
  kind: {
    description: 'Only events of this kind (`deployment.rolled_back`), or of a group of kinds (`deployment.*`).',
    pattern: /^[a-z_]{1,40}\.(?:\*|[a-z_]{1,40})$/,
    patternMessage: 'must be an event kind such as deployment.created, or a group such as deployment.*',
  },
  'created[gte]': { description: 'Only events at or after this time (Unix seconds or ISO 8601).', pattern: TIME_PATTERN, patternMessage: TIME_MESSAGE },
  'created[lte]': { description: 'Only events at or before this time (Unix seconds or ISO 8601).', pattern: TIME_PATTERN, patternMessage: TIME_MESSAGE },
} satisfies Record<string, ListFilter>;

function readTime(param: string, text: string | undefined): Date | undefined {
  if (text === undefined) return undefined;
  const at = /^[0-9]+$/.test(text) ? new Date(Number(text) * 1000) : new Date(text);
  if (Number.isNaN(at.getTime())) throw invalidParameter(`'${param}' ${TIME_MESSAGE}.`, param);
  return at;
}

export function registerListAuditEvents(app: App, rt: Pick<Runtime, 'db'>) {
  app.get(
    '/audit-events',
    describeRoute({
      tags: ['Audit'],
      summary: 'List audit events',
      description:
        'Every change made to the account, newest first, by whoever made it: a dashboard user, an API key (by label and display prefix), ' +
        'the operator’s CLI, a deploy hook, or Kiln itself (a scheduled domain check). Each event is written in the same transaction as ' +
        'its change. Jobs that generate (text, images, speech, chats, plagiarism checks) are usage, not audit events: see GET /v1/usage. ' +
        'Needs a key with the `audit` scope (or a key without scopes). Page with `starting_after` (the last `id` of a page) while `has_more` is true.',
      parameters: listParameters('events', 'An audit event `id` of this account.', FILTERS),
      responses: {
        200: { description: 'A page of audit events', content: { 'application/json': { schema: resolver(listSchema(auditEventSchema)) } } },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const accountId = c.get('principal').accountId;
      const q = readListQuery(c, FILTERS);
      const position = (param: string, id: string | undefined) => {
        if (id === undefined) return undefined;
        if (!AUDIT_EVENT_ID_PATTERN.test(id)) throw invalidParameter(`'${param}': no audit event with that id on this account.`, param);
        return auditRowId(id);
      };
      const filter: AuditFilter = {};
      const actor = q.filters.actor;
      if (actor !== undefined) {
        if ((ACTOR_KINDS as readonly string[]).includes(actor)) filter.actorKind = actor as ActorKind;
        else filter.actor = actor;
      }
      const kind = q.filters.kind;
      if (kind !== undefined) {
        const group = kind.endsWith('.*') ? kind.slice(0, -2) : null;
        if (group !== null && !GROUPS.has(group))
          throw invalidParameter(`'kind': no event kinds start with ${group}. (they are grouped as ${[...GROUPS].join(', ')}).`, 'kind');
        if (group === null && !KINDS.has(kind)) throw invalidParameter(`'kind': ${kind} is no event kind; kinds are ${AUDIT_ACTIONS.join(', ')}.`, 'kind');
        filter.action = group === null ? kind : `${group}.`;
        filter.actionPrefix = group !== null;
      }
      filter.createdGte = readTime('created[gte]', q.filters['created[gte]']);
      filter.createdLte = readTime('created[lte]', q.filters['created[lte]']);
      const page = await pageAudit(rt.db, accountId, filter, {
        limit: q.limit,
        after: position('starting_after', q.startingAfter),
        before: position('ending_before', q.endingBefore),
      });
      return c.json(listView(c, page.rows.map(auditEventView), page.hasMore));
    },
  );
}
