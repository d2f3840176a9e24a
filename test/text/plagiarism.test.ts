// Seeds of generated text here are 100,000 and up: the public corpus is shared by every test file of a run, and
// test/plagiarism/check.test.ts uses seeds below 10,000, whose documents would otherwise match ours.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexDocuments } from '../../src/plagiarism';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { generateText } from '../plagiarism/text-gen';
import { cli } from '../support/cli';
import { startFileHost, type FileHost } from '../support/file-host';
import { createTestAccount, jsonRequest, startTestService, testEnv, testConfig, type TestService } from '../support/runtime';

const LIGHTHOUSE =
  'The old lighthouse on the northern cape was built in 1871 by a company of stonemasons from Aberdeen. For more than a century ' +
  'its keepers climbed one hundred and twelve steps every evening to light the great lamp, and their logbooks describe storms, ' +
  'shipwrecks and the slow arrival of electricity. When the light was automated in 1987 the last keeper moved to the village, ' +
  'where he opened a small museum about the tower. Visitors can still read his careful notes about the weather, the passing ' +
  'ships and the seabirds that nested on the cliffs below the gallery. The museum also keeps a brass telescope and a painted map.';
const BAKERY =
  'Sourdough bread depends on a living culture of wild yeast and lactic acid bacteria that the baker feeds with flour and water. ' +
  'The bacteria produce the sour taste, while the yeast releases the gas that makes the dough rise slowly overnight. A strong ' +
  'starter doubles in size within a few hours of feeding, and experienced bakers judge its readiness by smell and texture rather ' +
  'than by the clock. Long fermentation also breaks down part of the gluten, which some people find easier to digest, and it ' +
  'gives the crust its deep colour and the crumb its open, irregular structure.';
const ORIGINAL =
  'Chess clubs in small towns often meet in the back room of a cafe, where members bring their own boards and clocks. Beginners ' +
  'learn openings from older players, and tournaments are announced on a paper notice pinned beside the counter. On winter ' +
  'evenings the games continue until the owner turns off the lights and sends everyone home with a last cup of tea.';

let svc: TestService;
let workers: WorkerSet;
let env: Record<string, string>;

beforeAll(async () => {
  env = testEnv({ FETCH_ALLOW_PRIVATE: 'true' });
  svc = await startTestService({}, testConfig(env));
  workers = await startWorkers(svc.rt, { queues: ['text', 'corpus'] });
  const filler = Array.from({ length: 60 }, (_, i) => ({ url: `https://filler.example/${i}`, text: generateText(100_000 + i, 250) }));
  await indexDocuments(svc.rt.db, [
    { url: 'https://history.example/lighthouse', text: LIGHTHOUSE },
    { url: 'https://food.example/sourdough', text: BAKERY },
    ...filler,
  ]);
});
afterAll(async () => {
  await workers.close(5_000);
  await svc.close();
});

type Breakdown = { identical: number; lightly_changed: number; paraphrased: number };
type Check = {
  id: string;
  score: number;
  verdict: string;
  matches: { url: string; similarity: number; excerpt: string; breakdown: Breakdown }[];
  created_at: string;
};

async function check(auth: Record<string, string>, text: string, exclude?: string[]): Promise<Check> {
  const res = await svc.app.request('/v1/plagiarism/check', jsonRequest(exclude ? { text, exclude } : { text }, auth));
  const body = await res.json();
  if (res.status !== 200) throw new Error(`check answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

describe('POST /v1/plagiarism/check, end to end through the queue', () => {
  it('a verbatim copy scores at least 0.9, plagiarised, with the source url and the excerpt in the submitted words', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const result = await check(auth, LIGHTHOUSE);
    expect(result.id).toMatch(/^plg_[a-z0-9]{20}$/);
    expect(result.score).toBeGreaterThanOrEqual(0.9);
    expect(result.verdict).toBe('plagiarised');
    expect(result.matches[0]!.url).toBe('https://history.example/lighthouse');
    expect(result.matches[0]!.similarity).toBeGreaterThan(0.8);
    expect(LIGHTHOUSE).toContain(result.matches[0]!.excerpt);
    expect(result.matches.some((m) => m.url.startsWith('https://filler.example'))).toBe(false);
    expect(result.matches[0]!.breakdown).toEqual({ identical: 1, lightly_changed: 0, paraphrased: 0 });
    // The whole copy, from its first word ("The", a stop word, used to be dropped) to its last content word.
    expect(result.matches[0]!.excerpt).toBe(LIGHTHOUSE.slice(0, LIGHTHOUSE.lastIndexOf(' painted map') + ' painted map'.length));
  });

  it('an excerpt starts at the copied passage’s first word, mid-text and after a line break (issue 28)', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    // From "For more than a century…" to "…the tower.": two sentences starting with a stop word, after our own words.
    const copied = LIGHTHOUSE.slice(LIGHTHOUSE.indexOf('For more than'), LIGHTHOUSE.indexOf(' Visitors'));
    const mid = await check(auth, `${ORIGINAL} ${copied}`);
    expect(mid.matches[0]!.url).toBe('https://history.example/lighthouse');
    expect(mid.matches[0]!.excerpt).toMatch(/^For more than a century its keepers/);
    expect(mid.matches[0]!.excerpt).toMatch(/about the tower$/);
    const afterBreak = await check(auth, `My notes on lighthouses\n${copied}`);
    expect(afterBreak.matches[0]!.excerpt).toMatch(/^For more than a century/);
  });

  it('half copied, half original is mixed; a fully original text scores under 0.1 and is original', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const half = await check(auth, `${ORIGINAL} ${BAKERY.split('. ').slice(0, 3).join('. ')}.`);
    expect(half.verdict).toBe('mixed');
    expect(half.matches.map((m) => m.url)).toEqual(['https://food.example/sourdough']);
    const original = await check(auth, ORIGINAL);
    expect(original.score).toBeLessThan(0.1);
    expect(original.verdict).toBe('original');
    expect(original.matches).toEqual([]);
  });

  it('light edits and a copy paraphrased by the service’s own paraphrase mode are still matched to the right url', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const edited = BAKERY.replace('Sourdough bread depends', 'Sour-dough loaves depend')
      .replace(/\bslowly\b/, 'gradually')
      .toUpperCase();
    const light = await check(auth, edited);
    expect(light.matches[0]!.url).toBe('https://food.example/sourdough');
    expect(light.score).toBeGreaterThan(0.6);

    const res = await svc.app.request('/v1/text/generate', jsonRequest({ prompt: LIGHTHOUSE, mode: 'paraphrase' }, auth));
    const paraphrased = (await res.json()).text as string;
    expect(paraphrased).not.toBe(LIGHTHOUSE);
    const result = await check(auth, paraphrased);
    expect(result.matches[0]!.url).toBe('https://history.example/lighthouse');
    expect(result.score).toBeGreaterThanOrEqual(0.9);
    expect(result.verdict).toBe('plagiarised');
    const b = result.matches[0]!.breakdown;
    expect(b.identical + b.lightly_changed + b.paraphrased).toBeCloseTo(1, 3);
    expect(b.identical).toBeLessThan(1);
    // The paraphrase changes only words whose sense is settled (issue 28 item 5), so a few per cent.
    expect(b.paraphrased).toBeGreaterThan(0);
  });

  it('sentences put in another order and run through the rewrite mode are matched to their source as one passage', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const sentences = BAKERY.match(/[^.]+\./g)!.map((s) => s.trim());
    const shuffled = [sentences[3], sentences[0], sentences[4], sentences[2], sentences[1]].join(' ');
    const res = await svc.app.request('/v1/text/generate', jsonRequest({ prompt: shuffled, mode: 'rewrite' }, auth));
    const rewritten = (await res.json()).text as string;
    const result = await check(auth, `${ORIGINAL}\n\n${rewritten}`);
    expect(result.matches).toHaveLength(1);
    expect(result.matches[0]!.url).toBe('https://food.example/sourdough');
    expect(rewritten).toContain(result.matches[0]!.excerpt.slice(0, 40));
    // The copy is about 60% of the text's content words; the chess paragraph is not part of the match.
    expect(result.matches[0]!.excerpt).not.toMatch(/chess|cafe/i);
    expect(result.score).toBeGreaterThan(0.5);
    expect(result.score).toBeLessThan(0.75);
    expect(result.matches[0]!.breakdown.paraphrased).toBeGreaterThan(0);
  });

  it('exclude: quotations and a trailing references section count neither as matched nor in the total', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    const [b1, b2] = BAKERY.match(/[^.]+\./g)!.map((s) => s.trim());
    const [l1, l2] = LIGHTHOUSE.match(/[^.]+\./g)!.map((s) => s.trim());
    const text = `${ORIGINAL} As one baker put it, “${b1} ${b2}”\n\nReferences\n${l1} ${l2}\n`;

    const all = await check(auth, text);
    expect(new Set(all.matches.map((m) => m.url))).toEqual(new Set(['https://food.example/sourdough', 'https://history.example/lighthouse']));
    const quotes = await check(auth, text, ['quotes']);
    expect(quotes.matches.map((m) => m.url)).toEqual(['https://history.example/lighthouse']);
    const refs = await check(auth, text, ['references']);
    expect(refs.matches.map((m) => m.url)).toEqual(['https://food.example/sourdough']);
    const both = await check(auth, text, ['quotes', 'references']);
    expect(both.matches).toEqual([]);
    expect(both.score).toBe(0);
    expect(both.verdict).toBe('original');
    // Excluded words leave the total too: the same quotation excluded from a text of two sources only.
    const quotedOnly = await check(auth, `“${b1} ${b2}” ${l1} ${l2}`, ['quotes']);
    expect(quotedOnly.score).toBeGreaterThanOrEqual(0.9);
  });

  it('exclude is validated, and the OpenAPI document describes it and the breakdown', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    for (const exclude of [['footnotes'], 'quotes', [3]]) {
      const res = await svc.app.request('/v1/plagiarism/check', jsonRequest({ text: ORIGINAL, exclude }, auth));
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.message).toMatch(/'exclude/);
    }
    const empty = await svc.app.request('/v1/plagiarism/check', jsonRequest({ text: ORIGINAL, exclude: [] }, auth));
    expect(empty.status).toBe(200);

    const doc = await (await svc.app.request('/openapi.json')).json();
    const op = doc.paths['/v1/plagiarism/check'].post;
    const body = op.requestBody.content['application/json'].schema;
    expect(body.properties.exclude.items.enum).toEqual(['quotes', 'references']);
    const match = op.responses['200'].content['application/json'].schema.properties.matches.items;
    expect(Object.keys(match.properties.breakdown.properties).sort()).toEqual(['identical', 'lightly_changed', 'paraphrased']);
  });

  it('one account’s private document is matched for it and never for another account', async () => {
    const owner = await createTestAccount(svc.rt, 'free');
    const other = await createTestAccount(svc.rt, 'free');
    const secret = generateText(300_777, 220);
    await indexDocuments(svc.rt.db, [{ url: 'https://private.example/notes', text: secret, accountId: owner.accountId }]);
    const mine = await check(owner.auth, secret);
    expect(mine.matches[0]!.url).toBe('https://private.example/notes');
    const theirs = await check(other.auth, secret);
    expect(theirs.matches).toEqual([]);
    expect(theirs.verdict).toBe('original');
  });

  it('errors: 400 missing_required_field for a missing or blank text, 401 without a key, 429 past the rate limit', async () => {
    const { auth } = await createTestAccount(svc.rt, 'free');
    for (const body of [{}, { text: '   ' }]) {
      const res = await svc.app.request('/v1/plagiarism/check', jsonRequest(body, auth));
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('missing_required_field');
    }
    const wrong = await svc.app.request('/v1/plagiarism/check', jsonRequest({ text: 5 }, auth));
    expect((await wrong.json()).error.code).toBe('invalid_parameter');
    expect((await svc.app.request('/v1/plagiarism/check', jsonRequest({ text: 'x' }))).status).toBe(401);
    const limited = await createTestAccount(svc.rt, 'free', 1);
    await svc.app.request('/v1/plagiarism/check', jsonRequest({}, limited.auth));
    const res = await svc.app.request('/v1/plagiarism/check', jsonRequest({ text: 'x' }, limited.auth));
    expect(res.status).toBe(429);
    expect((await res.json()).error.code).toBe('rate_limit_exceeded');
  });
});

describe('corpus CLI (a real child process; a worker in this process runs the corpus queue)', () => {
  let pages: FileHost;
  beforeAll(async () => {
    pages = await startFileHost();
    pages.put(
      '/article.html',
      Buffer.from(
        `<!doctype html><html><head><title>Chess</title><script>var x = 1;</script></head><body><nav>Home | About</nav><p>${ORIGINAL}</p></body></html>`,
      ),
    );
  });
  afterAll(() => pages.close());

  it('add (fetched page, HTML reduced to text), add --file, import --jsonl, list, remove; the added page is then matched', async () => {
    const url = pages.url('/article.html');
    const added = await cli(['corpus', 'add', '--url', url, '--json'], env);
    expect(added.code, added.stderr).toBe(0);
    const doc = JSON.parse(added.stdout);
    expect(doc).toEqual({ id: expect.stringMatching(/^doc_/), url, words: expect.any(Number) });
    expect(doc.words).toBeGreaterThan(50);
    expect(doc.words).toBeLessThan(80);
    const { auth } = await createTestAccount(svc.rt, 'free');
    const found = await check(auth, ORIGINAL);
    expect(found.matches[0]!.url).toBe(url);
    expect(found.verdict).toBe('plagiarised');

    const dir = mkdtempSync(join(tmpdir(), 'kiln-corpus-'));
    writeFileSync(join(dir, 'page.txt'), BAKERY);
    const fromFile = await cli(['corpus', 'add', '--url', 'https://files.example/bread', '--file', join(dir, 'page.txt'), '--json'], env);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(JSON.parse(fromFile.stdout).words).toBe(BAKERY.split(/\s+/).length);
    // Re-adding the same URL replaces it: still one document.
    const again = await cli(['corpus', 'add', '--url', 'https://files.example/bread', '--file', join(dir, 'page.txt'), '--json'], env);
    expect(JSON.parse(again.stdout).id).toBe(JSON.parse(fromFile.stdout).id);

    const lines = Array.from({ length: 600 }, (_, i) => JSON.stringify({ url: `https://bulk.example/${i}`, text: generateText(200_000 + i, 120) }));
    writeFileSync(join(dir, 'bulk.jsonl'), `${lines.join('\n')}\n`);
    const imported = await cli(['corpus', 'import', '--jsonl', join(dir, 'bulk.jsonl'), '--json'], env);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toEqual({ imported: 600 });
    expect(imported.stderr).toMatch(/indexed 600 of 600/);

    const listed = JSON.parse((await cli(['corpus', 'list', '--json'], env)).stdout);
    const urls = listed.documents.map((d: { url: string }) => d.url);
    expect(urls).toContain(url);
    expect(urls).toContain('https://bulk.example/599');

    const removed = await cli(['corpus', 'remove', doc.id, '--json'], env);
    expect(JSON.parse(removed.stdout)).toEqual({ id: doc.id, removed: true });
    expect((await check(auth, ORIGINAL)).matches).toEqual([]);
    const missing = await cli(['corpus', 'remove', doc.id, '--json'], env);
    expect(missing.code).toBe(1);

    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"url":"https://ok.example/1","text":"fine"}\nnot json\n');
    const refused = await cli(['corpus', 'import', '--jsonl', bad, '--json'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/bad\.jsonl:2: not valid JSON/);
    expect((await cli(['corpus', 'add', '--json'], env)).code).toBe(2);
  }, 300_000); // eight CLI processes and 600 documents indexed: minutes when both cores are busy
});
