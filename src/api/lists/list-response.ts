import type { Context } from 'hono';
import * as v from 'valibot';

/** The answer of every list endpoint (Stripe's list object): `{ object: "list", data, has_more, url }`. */
export function listSchema<T extends v.GenericSchema>(item: T) {
  return v.object({
    object: v.literal('list'),
    data: v.array(item),
    has_more: v.pipe(v.boolean(), v.description('Whether more items lie beyond this page in the direction paged.')),
    url: v.pipe(v.string(), v.description('The path of this list, without its query (`/v1/voices`).')),
  });
}

/** A page of a list as answered: `url` is the request's path (`/v1/hosting/sites/blog/hooks`), without the query. */
export function listView<T>(c: Context, data: T[], hasMore: boolean) {
  return { object: 'list' as const, data, has_more: hasMore, url: c.req.path };
}
