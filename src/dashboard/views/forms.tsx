import type { Child, FC } from 'hono/jsx';
import { CSRF_FIELD } from '../csrf';

export const CsrfField: FC<{ token: string }> = ({ token }) => <input type="hidden" name={CSRF_FIELD} value={token} />;

/** A form that changes something: POST with the visitor's CSRF token. */
export const PostForm: FC<{ action: string; csrfToken: string; class?: string; enctype?: 'multipart/form-data'; children?: Child }> = ({
  action,
  csrfToken,
  children,
  ...rest
}) => (
  <form method="post" action={action} class={rest.class} enctype={rest.enctype}>
    <CsrfField token={csrfToken} />
    {children}
  </form>
);

export const Field: FC<{
  label: string;
  name: string;
  type?: string;
  value?: string;
  required?: boolean;
  autocomplete?: string;
  hint?: string;
  maxlength?: number;
  autofocus?: boolean;
  readonly?: boolean;
}> = ({ label, name, type = 'text', hint, ...input }) => {
  const id = `f-${name}`;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} name={name} type={type} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
};

/** A message at the top of a page: what just happened, or what went wrong. */
export const Notice: FC<{ kind: 'ok' | 'error' | 'warn'; children?: Child }> = ({ kind, children }) => (
  <div class={`notice ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
    {children}
  </div>
);

/** Absolute time in UTC, machine-readable, with the relative form left to the reader. */
export const Time: FC<{ at: Date | null | undefined; never?: string }> = ({ at, never = '—' }) =>
  at ? <time datetime={at.toISOString()}>{at.toISOString().slice(0, 16).replace('T', ' ')} UTC</time> : <span class="muted">{never}</span>;

/** Newer/older links for keyset-paginated lists. */
export const Pager: FC<{ newer?: string | null; older?: string | null }> = ({ newer, older }) =>
  newer || older ? (
    <nav class="pager" aria-label="Pages">
      {newer ? <a href={newer}>← Newer</a> : <span />}
      {older ? <a href={older}>Older →</a> : <span />}
    </nav>
  ) : null;

/** Where a deploy goes: production, or a new preview each time. */
export const EnvironmentSelect: FC<{ id: string; label: string }> = ({ id, label }) => (
  <div class="field">
    <label for={id}>{label}</label>
    <select id={id} name="environment">
      <option value="production">production</option>
      <option value="preview">a new preview</option>
    </select>
  </div>
);
