import type { MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context';
import { ApiError, invalidParameter } from '../../errors/api-error';
import { findUnstorableText } from '../schemas/storable-text';
import { unknownFieldMessage } from '../schemas/unknown-fields';

export interface JsonBodyOptions {
  /** Code for a missing required field; the spec names `invalid_parameter` for a few endpoints. */
  missingCode?: 'missing_required_field' | 'invalid_parameter';
}

function fieldOf(issue: v.BaseIssue<unknown>): string {
  return issue.path?.map((p) => String(p.key)).join('.') ?? '';
}

/** Absent, null and blank strings all count as missing (decisions.md). */
function isMissing(issue: v.BaseIssue<unknown>): boolean {
  return issue.input === undefined || issue.input === null || issue.type === 'non_empty';
}

/** The field names an object schema accepts (piped or not), or null for any other schema. */
function knownFields(schema: v.GenericSchema): string[] | null {
  const entries = (schema as { entries?: Record<string, unknown> }).entries;
  return entries ? Object.keys(entries) : null;
}

/**
 * Parses the body as JSON (whatever the declared content type: `curl -d` sends form encoding) and
 * validates it with the route's valibot schema, the same schema the OpenAPI document is made from.
 * Refused before the schema runs, so every JSON route gets them: a field the schema does not name
 * (with a suggestion when it is one edit from one it does), and text Postgres cannot store anywhere in
 * the body (NUL, unpaired surrogates), named by its field.
 */
export function jsonBody<S extends v.GenericSchema>(
  schema: S,
  opts: JsonBodyOptions = {},
): MiddlewareHandler<AppEnv, string, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> {
  const known = knownFields(schema);
  return async (c, next) => {
    const text = await c.req.text();
    let body: unknown = {};
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        throw invalidParameter('Request body is not valid JSON.');
      }
    }
    const output = validateBody(schema, body, known, opts);
    c.req.addValidatedData('json', output as object);
    await next();
  };
}

/**
 * The checks every body gets, whatever carried it (JSON, or the text parts of a multipart upload):
 * an object, no unknown field, storable text, then the schema. Throws the envelope's 400s.
 */
export function validateBody<S extends v.GenericSchema>(schema: S, body: unknown, known = knownFields(schema), opts: JsonBodyOptions = {}): v.InferOutput<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidParameter('Request body must be a JSON object.');
  if (known) {
    const unknown = Object.keys(body).find((key) => !known.includes(key));
    if (unknown !== undefined) throw invalidParameter(unknownFieldMessage(unknown, known), unknown);
  }
  const unstorable = findUnstorableText(body);
  if (unstorable) {
    const field = unstorable.field.length > 200 ? `${unstorable.field.slice(0, 200)}…` : unstorable.field;
    throw invalidParameter(`'${field}' contains ${unstorable.problem}.`, unstorable.field);
  }
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) {
    const missing = parsed.issues.find(isMissing);
    if (missing) throw new ApiError(opts.missingCode ?? 'missing_required_field', `'${fieldOf(missing)}' is required.`, {}, fieldOf(missing));
    const first = parsed.issues[0];
    throw invalidParameter(`'${fieldOf(first)}' ${first.message}`, fieldOf(first));
  }
  return parsed.output;
}
