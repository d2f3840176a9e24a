import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { invalidParameter } from '../../errors/api-error';
import { suggestField } from '../schemas/unknown-fields';

export const DEFAULT_LIST_LIMIT = 20;
export const MAX_LIST_LIMIT = 100;

/** A filter of a list: one query parameter, checked against a closed set of values or a pattern. */
export interface ListFilter {
  description: string;
  values?: readonly string[];
  pattern?: RegExp;
  /** Said when the value does not match `pattern`. */
  patternMessage?: string;
}

export interface ListQuery<F extends string> {
  limit: number;
  /** The id of the item to continue after (older items) or before (newer items); at most one is set. */
  startingAfter?: string;
  endingBefore?: string;
  filters: Partial<Record<F, string>>;
}

const PAGING = ['limit', 'starting_after', 'ending_before'] as const;

/**
 * Reads the query string of a list endpoint (Stripe's design: `limit`, `starting_after`, `ending_before`).
 * Everything it cannot use is refused with `invalid_parameter` naming the parameter, rather than ignored:
 * a misspelt filter silently dropped would answer a list the caller did not ask for.
 */
export function readListQuery<F extends string>(c: Context<AppEnv>, filters: Record<F, ListFilter>): ListQuery<F> {
  const params = new URL(c.req.url).searchParams;
  const known = new Set<string>([...PAGING, ...Object.keys(filters)]);
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!known.has(name)) throw invalidParameter(unknownQueryParameterMessage(name, [...known]), printable(name));
    if (seen.has(name)) throw invalidParameter(`'${name}' is given more than once.`, name);
    seen.add(name);
  }
  const value = (name: string): string | undefined => {
    const raw = params.get(name);
    if (raw === null) return undefined;
    if (raw === '') throw invalidParameter(`'${name}' must not be empty; leave it out instead.`, name);
    return raw;
  };

  const limitText = value('limit');
  let limit = DEFAULT_LIST_LIMIT;
  if (limitText !== undefined) {
    limit = /^[0-9]{1,4}$/.test(limitText) ? Number(limitText) : NaN;
    if (!(limit >= 1 && limit <= MAX_LIST_LIMIT)) throw invalidParameter(`'limit' must be an integer from 1 to ${MAX_LIST_LIMIT}.`, 'limit');
  }
  const startingAfter = value('starting_after');
  const endingBefore = value('ending_before');
  if (startingAfter !== undefined && endingBefore !== undefined) {
    throw invalidParameter(`'starting_after' and 'ending_before' cannot be used together; page one way at a time.`, 'ending_before');
  }

  const chosen: Partial<Record<F, string>> = {};
  for (const [name, filter] of Object.entries(filters) as [F, ListFilter][]) {
    const v = value(name);
    if (v === undefined) continue;
    if (filter.values && !filter.values.includes(v)) throw invalidParameter(`'${name}' must be one of ${filter.values.join(', ')}.`, name);
    if (filter.pattern && !filter.pattern.test(v)) throw invalidParameter(`'${name}' ${filter.patternMessage ?? 'is not valid'}.`, name);
    chosen[name] = v;
  }
  return { limit, startingAfter, endingBefore, filters: chosen };
}

/**
 * The refusal of a query parameter the endpoint does not take, worded as the body's unknown fields are
 * (src/api/schemas/unknown-fields.ts): a suggestion when the name is one edit from a known one, else the list.
 */
export function unknownQueryParameterMessage(name: string, known: readonly string[]): string {
  const suggestion = suggestField(name, known);
  if (suggestion) return `unknown query parameter '${printable(name)}'; did you mean '${suggestion}'?`;
  if (known.length === 0) return `unknown query parameter '${printable(name)}'; this endpoint takes none.`;
  return `unknown query parameter '${printable(name)}'; this endpoint takes ${known.map((k) => `'${k}'`).join(', ')}.`;
}

/**
 * The id a cursor (`starting_after`, `ending_before`) names is not an item of this list: 400 naming the
 * parameter, as Stripe answers. `what` is the item ("deployment"), `id` is shown only when it has the id's form.
 */
export function unknownCursor(param: 'starting_after' | 'ending_before', what: string, id: string | null, where = 'on this account') {
  return invalidParameter(`'${param}': no ${what} ${id ?? 'with that id'} ${where}.`, param);
}

/**
 * One page of a list the route holds whole in memory (a short list: the built-in voices and the clones, a
 * site's few deploy hooks), in the list's own order, with the same cursors and answers as the keyset lists.
 */
export function pageInMemory<T>(items: readonly T[], idOf: (item: T) => string, q: ListQuery<string>, what: string): { rows: T[]; hasMore: boolean } {
  const indexOf = (param: 'starting_after' | 'ending_before', id: string) => {
    const i = items.findIndex((item) => idOf(item) === id);
    if (i === -1) throw unknownCursor(param, what, /^[A-Za-z0-9_-]{1,80}$/.test(id) ? id : null);
    return i;
  };
  if (q.endingBefore !== undefined) {
    const end = indexOf('ending_before', q.endingBefore);
    const start = Math.max(0, end - q.limit);
    return { rows: items.slice(start, end), hasMore: start > 0 };
  }
  const start = q.startingAfter !== undefined ? indexOf('starting_after', q.startingAfter) + 1 : 0;
  return { rows: items.slice(start, start + q.limit), hasMore: start + q.limit < items.length };
}

/** A name echoed in a message: control characters and overlong names are not repeated back verbatim. */
function printable(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}

/** The OpenAPI `parameters` of a list endpoint: the paging parameters, then its filters. */
export function listParameters(what: string, cursorDescription: string, filters: Record<string, ListFilter> = {}) {
  return [
    {
      in: 'query' as const,
      name: 'limit',
      description: `How many ${what} to answer, 1–${MAX_LIST_LIMIT} (default ${DEFAULT_LIST_LIMIT}).`,
      schema: { type: 'integer' as const, minimum: 1, maximum: MAX_LIST_LIMIT, default: DEFAULT_LIST_LIMIT },
    },
    {
      in: 'query' as const,
      name: 'starting_after',
      description: `${cursorDescription} Answers the ${what} that come after it (older). Use the last item of a page to get the next page.`,
      schema: { type: 'string' as const },
    },
    {
      in: 'query' as const,
      name: 'ending_before',
      description: `${cursorDescription} Answers the ${what} that come before it (newer). Use the first item of a page to get the previous page.`,
      schema: { type: 'string' as const },
    },
    ...Object.entries(filters).map(([name, f]) => ({
      in: 'query' as const,
      name,
      description: f.description,
      schema: { type: 'string' as const, ...(f.values ? { enum: [...f.values] } : {}), ...(f.pattern ? { pattern: f.pattern.source } : {}) },
    })),
  ];
}
