/**
 * The pages the edge writes itself (a path a site does not have, a host no site is published at): one look
 * for all of them, so a visitor can tell the edge's own answers from a site's, and each says what happened
 * in a sentence. Inline style only: the page must stand alone (no site's files are behind it).
 */
const STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;' +
  'color:#1f2328;background:#f6f8fa}main{max-width:32rem;padding:2rem}h1{font-size:1.5rem;margin:0 0 .5rem}p{margin:0;color:#59636e}' +
  '@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}p{color:#9198a1}}';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

export function edgePage(title: string, heading: string, text: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p></main></body></html>\n`
  );
}

/** A site's path with no file, when the site has no 404.html of its own. */
export const NOT_FOUND_PAGE = edgePage('404 Not Found', '404 Not Found', 'The page you requested does not exist.');

/** A host under the hosting domain (or a custom domain) with nothing published at it. */
export const NO_SITE_PAGE = edgePage('No site here', 'No site here', 'No site is published at this address.');
