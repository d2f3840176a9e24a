/**
 * Text that Postgres can store. A `text` or `jsonb` value refuses U+0000 (NUL), and `jsonb` refuses an
 * unpaired UTF-16 surrogate (JSON.stringify writes it as `\ud800`, which Postgres rejects). Such input is
 * refused at the door, naming where it was, rather than failing in the database as a 500.
 */

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What makes `s` unstorable, in words for an error message, or null when it is fine. */
export function unstorableCharacter(s: string): string | null {
  const match = UNSTORABLE.exec(s);
  if (!match) return null;
  const code = match[0].charCodeAt(0);
  if (code === 0) return 'a NUL character (U+0000), which cannot be stored; remove it';
  return `an unpaired UTF-16 surrogate (U+${code.toString(16).toUpperCase()}), which is not valid Unicode text`;
}

export interface UnstorableText {
  /** Dotted path to the value (or key) holding it, e.g. `name` or `items.2.label`. */
  field: string;
  problem: string;
}

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit, key?: string): string {
  const parts = key === undefined ? [] : [key];
  for (let v: Visit | null = visit; v && v.key !== null; v = v.parent) parts.push(v.key);
  return parts.reverse().join('.');
}

/**
 * The first string in a parsed JSON value, keys included, that Postgres cannot store. Walks with an
 * explicit stack and parent links: a body may nest a million levels deep within the size limit.
 */
export function findUnstorableText(value: unknown): UnstorableText | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      const problem = unstorableCharacter(current);
      if (problem) return { field: pathOf(visit), problem };
    } else if (typeof current === 'object' && current !== null) {
      const keys = Object.keys(current);
      for (const key of keys) {
        const keyProblem = unstorableCharacter(key);
        if (keyProblem) return { field: pathOf(visit, key), problem: keyProblem };
      }
      // Pushed last to first, so values are examined in document order.
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: (current as Record<string, unknown>)[keys[i]!], key: keys[i]!, parent: visit });
    }
  }
  return null;
}
