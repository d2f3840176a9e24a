import * as v from 'valibot';

/** The answer of every list endpoint: `{ object: "list", data, has_more }`, newest first. */
export function listSchema<T extends v.GenericSchema>(item: T) {
  return v.object({
    object: v.literal('list'),
    data: v.array(item),
    has_more: v.pipe(v.boolean(), v.description('Whether more items lie beyond this page in the direction paged.')),
  });
}

export function listView<T>(data: T[], hasMore: boolean) {
  return { object: 'list' as const, data, has_more: hasMore };
}
