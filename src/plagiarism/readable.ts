import { compile, type HtmlToTextOptions } from 'html-to-text';

/** Elements that are never part of a page's readable text. */
const SKIPPED = [
  'nav',
  'script',
  'style',
  'noscript',
  'template',
  'img',
  'picture',
  'svg',
  'canvas',
  'iframe',
  'object',
  'video',
  'audio',
  'button',
  'select',
  'head',
];

const heading = (selector: string) => ({ selector, options: { uppercase: false } });

const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
    // Links read as their text: no `[url]` after them.
    { selector: 'a', options: { ignoreHref: true } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map(heading),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
};

const convert = compile(OPTIONS);

/**
 * The readable text of an HTML page, as the corpus indexes it: navigation, scripts, styles, images, media and
 * buttons dropped, links as their text, headings in their own case, no line wrapping, runs of blank lines collapsed.
 */
export function readableText(html: string): string {
  return convert(html)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** `<title>` of an HTML page, whitespace collapsed; null when absent or empty. */
export function htmlTitle(html: string): string | null {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  if (!m) return null;
  const title = readableText(m[1]!).replace(/\s+/g, ' ').trim();
  return title || null;
}

/** Title and readable text of an HTML page. */
export function readableDocument(html: string): { title: string | null; text: string } {
  return { title: htmlTitle(html), text: readableText(html) };
}
