/**
 * `_redirects` / `_headers` path patterns: literal segments, `:name` segments (one segment each) and
 * at most one `*` at the very end (the splat, any rest of the path including slashes). Trailing
 * slashes do not matter on either side, as on Netlify: `/blog/` and `/blog` are the same path.
 */

export interface CompiledPattern {
  /** No placeholder and no splat: matched by exact (normalised) path. */
  isStatic: boolean;
  /** The normalised literal path (static), or the literal text before the first placeholder/splat. */
  prefix: string;
  regex: RegExp | null;
  /** Capture names in order; the splat is `splat`. */
  names: string[];
}

const PLACEHOLDER_SEGMENT = /^:[A-Za-z_][A-Za-z0-9_]*$/;

/** `:name` as a whole segment (anything else with a colon is literal text). */
export const isPlaceholderSegment = (segment: string) => PLACEHOLDER_SEGMENT.test(segment);

/** Drops one trailing slash (except for the root) so `/a/` and `/a` are one key. */
export function normalisePath(path: string): string {
  if (path === '') return '/';
  return path.length > 1 && path.charCodeAt(path.length - 1) === 47 ? path.slice(0, -1) : path;
}

/** Why a pattern cannot be used, or null when it can. */
export function patternProblem(pattern: string): string | null {
  if (!pattern.startsWith('/')) return 'the path must start with /';
  if (pattern.startsWith('//')) return 'the path must not start with //';
  const star = pattern.indexOf('*');
  if (star !== -1 && star !== pattern.length - 1) return 'a splat (*) is only allowed once, at the end of the path';
  return null;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function compilePattern(pattern: string): CompiledPattern {
  const splat = pattern.endsWith('*');
  const body = splat ? pattern.slice(0, -1) : normalisePath(pattern);
  const segments = body.split('/');
  const hasPlaceholder = segments.some((s) => PLACEHOLDER_SEGMENT.test(s));
  if (!splat && !hasPlaceholder) return { isStatic: true, prefix: normalisePath(pattern), regex: null, names: [] };

  const names: string[] = [];
  let source = '';
  let prefix = '';
  let literal = true;
  // "/blog/*" also matches "/blog" (and "/blog/", normalised to it): the slash before a splat is optional.
  const slashSplat = splat && body.endsWith('/');
  const segs = slashSplat ? segments.slice(0, -1) : segments;
  segs.forEach((segment, i) => {
    const sep = i === 0 ? '' : '/';
    if (PLACEHOLDER_SEGMENT.test(segment)) {
      names.push(segment.slice(1));
      source += `${sep}([^/]+)`;
      if (literal) prefix += sep;
      literal = false;
    } else {
      source += escapeRegex(sep + segment);
      if (literal) prefix += sep + segment;
    }
  });
  if (splat) {
    names.push('splat');
    source += slashSplat ? '(?:/(.*))?' : '(.*)';
  }
  if (source === '') source = '/';
  return { isStatic: false, prefix: prefix === '' ? '/' : prefix, regex: new RegExp(`^${source}$`), names };
}

/** Captured values by name, or null when the (normalised) path does not match. */
export function matchPattern(p: CompiledPattern, path: string): Record<string, string> | null {
  if (p.isStatic) return path === p.prefix ? {} : null;
  // Cheap pre-check so a request only runs the regexes of rules that share its literal start.
  if (!path.startsWith(p.prefix)) return null;
  const m = p.regex!.exec(path);
  if (!m) return null;
  const values: Record<string, string> = {};
  p.names.forEach((name, i) => {
    values[name] = m[i + 1] ?? '';
  });
  return values;
}

const PLACEHOLDER_USE = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** Replaces `:name` with its captured value; names not captured stay as written (e.g. a URL's `:8080`). */
export function substitute(template: string, values: Record<string, string>): string {
  if (!template.includes(':')) return template;
  return template.replace(PLACEHOLDER_USE, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}
