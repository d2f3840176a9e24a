import type { Context } from 'hono';
import * as v from 'valibot';
import { PASSWORD_MAX_LENGTH } from './passwords';

/** Field rules the dashboard's forms share. */
export const emailField = v.pipe(
  v.string('Enter your email address.'),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(254, 'That email address is too long.'),
  v.email('Enter a valid email address.'),
);
export const passwordField = v.pipe(
  v.string('Enter a password.'),
  v.minLength(1, 'Enter a password.'),
  v.maxLength(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`),
);
export const labelField = (what: string, max = 100) =>
  v.pipe(
    v.string(`Enter a ${what}.`),
    v.trim(),
    v.minLength(1, `Enter a ${what}.`),
    v.maxLength(max, `Keep the ${what} under ${max} characters.`),
    v.check((s) => !/[\u0000-\u001f\u007f]/.test(s), `The ${what} cannot contain control characters.`),
  );

/** A body that is not a form at all (a multipart body without its boundary, cut short, …). */
export class UnreadableForm extends Error {}

/** The posted fields; a body no form could have sent is an UnreadableForm (a 400 page), not a crash. */
export async function formBody(c: Context): Promise<Record<string, string | File | (string | File)[]>> {
  try {
    return await c.req.parseBody();
  } catch (err) {
    throw new UnreadableForm(err instanceof Error ? err.message : String(err));
  }
}

export type FormResult<T> = { ok: true; values: T } | { ok: false; errors: Record<string, string>; first: string };

/**
 * Parses a posted form (urlencoded or multipart, text fields only) against a valibot schema. The
 * errors are by field, in words for the person who filled it in; the form is shown again with them.
 */
export async function readForm<S extends v.GenericSchema>(c: Context, schema: S): Promise<FormResult<v.InferOutput<S>>> {
  const body = await formBody(c);
  const fields = Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string'));
  const parsed = v.safeParse(schema, fields);
  if (parsed.success) return { ok: true, values: parsed.output };
  const errors: Record<string, string> = {};
  for (const issue of parsed.issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors, first: Object.values(errors)[0] ?? 'Check the form.' };
}
