/** Longest name quoted whole; a longer one (up to 64 KiB in zip, more in pax) is cut so messages stay readable. */
const QUOTED_NAME_CHARS = 120;

/** Entry names go into messages verbatim; quoting keeps NUL, newlines and spaces visible. */
export function quoteEntryName(name: string): string {
  if (name.length <= QUOTED_NAME_CHARS) return JSON.stringify(name);
  return `${JSON.stringify(`${name.slice(0, QUOTED_NAME_CHARS)}…`)} (${name.length} characters)`;
}
