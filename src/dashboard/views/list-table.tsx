import type { Child, FC } from 'hono/jsx';

/**
 * A list page's table (keys, hooks, domains, endpoints, files …): its headings, then one row per item,
 * or the `empty` line when there is none. `actions` adds a last column for the row's links: `true` gives
 * it a heading only screen readers hear, anything else is its visible heading.
 */
export function ListTable<T>({
  rows,
  columns,
  actions,
  empty,
  row,
}: {
  rows: readonly T[];
  columns: readonly Child[];
  actions?: boolean | Child;
  empty?: Child;
  row: (item: T) => Child;
}) {
  if (rows.length === 0 && empty !== undefined) return <p class="muted">{empty}</p>;
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            {columns.map((heading) => (
              <th scope="col">{heading}</th>
            ))}
            {actions !== undefined && actions !== false && <th scope="col">{actions === true ? <span class="visually-hidden">Actions</span> : actions}</th>}
          </tr>
        </thead>
        <tbody>{rows.map(row)}</tbody>
      </table>
    </div>
  );
}

/** A row's link to the confirmation page of something that cannot be undone (delete, revoke, remove). */
export const DangerLink: FC<{ href: string; label: string; children?: Child }> = ({ href, label, children = 'Delete' }) => (
  <a href={href} class="danger" aria-label={label}>
    {children}
  </a>
);
