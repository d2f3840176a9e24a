/** Entry names go into messages verbatim; quoting keeps NUL, newlines and spaces visible. */
export function quoteEntryName(name: string): string {
  return JSON.stringify(name);
}
