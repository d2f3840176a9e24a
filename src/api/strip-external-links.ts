/**
 * Removes the `<link>` elements of a page that point at another host (bull-board's page asks Google Fonts for
 * its typefaces): offline that is a page waiting on a host it cannot reach, online it tells Google who opened
 * the operators' dashboard and when. The page's CSS already falls back to system fonts.
 */
export function stripExternalLinks(html: string): string {
  return html.replace(/<link\b[^>]*>\s*/gi, (tag) => (pointsElsewhere(tag) ? '' : tag));
}

function pointsElsewhere(tag: string): boolean {
  const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
  const target = (href?.[1] ?? href?.[2] ?? href?.[3] ?? '').trim();
  // Absolute (any scheme) or protocol-relative; a relative href stays on this origin.
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/|\\\\)/i.test(target) && !/^data:/i.test(target);
}
