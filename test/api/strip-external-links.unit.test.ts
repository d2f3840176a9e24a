import { describe, expect, it } from 'vitest';
import { stripExternalLinks } from '../../src/api/strip-external-links';

describe('stripExternalLinks', () => {
  it('drops links to other hosts (any scheme, protocol-relative) and keeps the page its own', () => {
    const page = [
      '<link rel="icon" href="static/favicon.ico">',
      '<link href="https://fonts.googleapis.com/css2?family=IBM+Plex+Sans" rel="stylesheet">',
      "<link rel='preconnect' href='//fonts.gstatic.com'>",
      '<LINK REL=stylesheet HREF=HTTP://cdn.example/x.css>',
      '<link href="/admin/queues/static/css/main.css" rel="stylesheet">',
      '<link rel="icon" href="data:,">',
    ].join('\n');
    expect(stripExternalLinks(page)).toBe(
      [
        '<link rel="icon" href="static/favicon.ico">',
        '<link href="/admin/queues/static/css/main.css" rel="stylesheet">',
        '<link rel="icon" href="data:,">',
      ].join('\n'),
    );
  });
});
