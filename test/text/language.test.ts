import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warmUpLanguageDetection } from '../../src/engines/text';
import { startWorkers, type WorkerSet } from '../../src/workers/start-workers';
import { sendJson, startFakeApi, type FakeApi } from '../support/fake-api';
import { createTestAccount, jsonRequest, startTestService, type TestService } from '../support/runtime';

/** Per language: its English name, a sentence to paraphrase and a short subject to write about. */
const FOREIGN: Record<string, { name: string; sentence: string; subject: string }> = {
  fr: {
    name: 'French',
    sentence: 'Le gouvernement a annoncé de nouvelles mesures pour réduire la pollution dans les grandes villes.',
    subject: 'la révolution française',
  },
  de: {
    name: 'German',
    sentence: 'Die Kinder spielen im Garten, während ihre Eltern das Abendessen vorbereiten.',
    subject: 'Vulkane und Erdbeben',
  },
  es: { name: 'Spanish', sentence: 'Los niños juegan en el jardín mientras sus padres preparan la cena.', subject: 'volcanes y terremotos' },
  it: { name: 'Italian', sentence: "Il governo ha annunciato nuove misure per ridurre l'inquinamento nelle grandi città.", subject: 'vulcani e terremoti' },
  pt: { name: 'Portuguese', sentence: 'As crianças brincam no jardim enquanto os pais preparam o jantar.', subject: 'a história do Brasil' },
  nl: {
    name: 'Dutch',
    sentence: 'De regering heeft nieuwe maatregelen aangekondigd om de luchtvervuiling te verminderen.',
    subject: 'vulkanen en aardbevingen',
  },
  sv: { name: 'Swedish', sentence: 'Barnen leker i trädgården medan deras föräldrar lagar middag.', subject: 'vulkaner och jordbävningar' },
  pl: { name: 'Polish', sentence: 'Dzieci bawią się w ogrodzie, podczas gdy ich rodzice przygotowują kolację.', subject: 'wulkany i trzęsienia ziemi' },
  tr: { name: 'Turkish', sentence: 'Hükümet büyük şehirlerde hava kirliliğini azaltmak için yeni önlemler açıkladı.', subject: 'volkanlar ve depremler' },
  ru: { name: 'Russian', sentence: 'Дети играют в саду, пока их родители готовят ужин.', subject: 'вулканы и землетрясения' },
};

/** English of several kinds the built-in engine must never refuse: short subjects, borrowed words, names, figures, code, slang. */
const ENGLISH_SUBJECTS = [
  'volcanoes and earthquakes',
  'tea gardens',
  'coffee',
  'cat',
  'The Rio Grande',
  'quantum entanglement',
  'photosynthesis',
  'Fjords of Norway',
  'sourdough bread',
  'kiln firing schedules for stoneware',
  'el nino and la nina weather patterns',
  'Reykjavik and Akureyri',
  'Nguyen Van Thieu biography',
  'Tokyo Osaka Kyoto',
  'Kubernetes operators and Helm charts',
];
const ENGLISH_TEXTS = [
  'The team studied 340 patients over three years.',
  'The café served croissants, crème brûlée and espresso to tourists from Paris and Berlin.',
  'Déjà vu is the feeling that one has lived through the present situation before.',
  "Schadenfreude is a German loanword that English speakers use for pleasure at another's misfortune.",
  'lol ok see u tmrw, gonna grab pizza w/ the guys',
  'Q3 revenue: $4.2M (+12% YoY); EBITDA margin 18%; churn down to 2.1%.',
  'Run npm install, then set DATABASE_URL and start the server with npm start.',
  'Moreover, the results suggest that the proposed method may outperform existing baselines on most benchmarks.',
  'Dear Sir or Madam, I am writing to complain about the delayed delivery of my order.',
  'Barack Obama met Angela Merkel and Emmanuel Macron in Brussels on 12 March 2015.',
  'Pasta carbonara with guanciale, pecorino romano and black pepper',
  'San Francisco, Los Angeles, San Diego and Sacramento are cities in California.',
  'Ich bin ein Berliner, said Kennedy in 1963, and the crowd cheered.',
  'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness.',
];

async function errorOf(res: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await res.json()) as { error?: { code: string; message: string } };
  return { status: res.status, code: body.error?.code ?? '', message: body.error?.message ?? JSON.stringify(body) };
}

describe('text language with the built-in engine', () => {
  let svc: TestService;
  let workers: WorkerSet;
  beforeAll(async () => {
    await warmUpLanguageDetection();
    svc = await startTestService();
    workers = await startWorkers(svc.rt, { queues: ['text'] });
  });
  afterAll(async () => {
    await workers?.close(5_000);
    await svc?.close();
  });
  const post = (auth: Record<string, string>, body: object) => svc.app.request('/v1/text/generate', jsonRequest(body, auth));

  it('detects ten languages sent without `language` and refuses them, naming the language and the provider to use', async () => {
    const { auth } = await createTestAccount(svc.rt);
    for (const [tag, { name, sentence, subject }] of Object.entries(FOREIGN)) {
      for (const [mode, prompt] of [
        ['paraphrase', sentence],
        ['rewrite', sentence],
        ['write', subject],
      ] as const) {
        const error = await errorOf(await post(auth, { prompt, mode, max_tokens: 40 }));
        expect(error.status, `${tag} ${mode}: ${error.message}`).toBe(400);
        expect(error.code).toBe('invalid_parameter');
        expect(error.message).toContain(`${name} (${tag}`);
        expect(error.message).toContain('TEXT_PROVIDER=openai');
      }
    }
    // A streamed request is refused the same way, before any event is sent.
    const streamed = await post(auth, { prompt: FOREIGN.de!.sentence, mode: 'paraphrase', stream: true });
    expect(streamed.headers.get('content-type')).toMatch(/application\/json/);
    expect(await errorOf(streamed)).toMatchObject({ status: 400, code: 'invalid_parameter', message: expect.stringContaining('German (de') });
    // Nothing was queued or billed for a refusal.
    const usage = (await (await svc.app.request('/v1/usage', { headers: auth })).json()) as { usage: { text_tokens: number } };
    expect(usage.usage.text_tokens).toBe(0);
  });

  it('refuses a `language` other than English the same way, and French labelled `en`', async () => {
    const { auth } = await createTestAccount(svc.rt);
    const given = await errorOf(await post(auth, { prompt: 'volcanoes', language: 'fr' }));
    expect(given).toMatchObject({ status: 400, code: 'invalid_parameter' });
    expect(given.message).toMatch(/'language' fr \(French\).*English only.*TEXT_PROVIDER=openai/);
    const labelled = await errorOf(await post(auth, { prompt: FOREIGN.fr!.sentence, language: 'en', mode: 'paraphrase' }));
    expect(labelled).toMatchObject({ status: 400, code: 'invalid_parameter' });
    expect(labelled.message).toMatch(/French \(fr; detected, although 'language' says en\)/);
  });

  it('never refuses English: subjects to write about and texts of several kinds, labelled en', async () => {
    const { auth } = await createTestAccount(svc.rt);
    const cases = [...ENGLISH_SUBJECTS.map((prompt) => ({ prompt, mode: 'write' })), ...ENGLISH_TEXTS.map((prompt) => ({ prompt, mode: 'paraphrase' }))];
    for (const body of cases) {
      const res = await post(auth, { ...body, max_tokens: 60 });
      const json = (await res.json()) as { language?: string; error?: unknown };
      expect(res.status, `${body.prompt}: ${JSON.stringify(json)}`).toBe(200);
      expect(json.language).toBe('en');
    }
    expect((await (await post(auth, { prompt: ENGLISH_TEXTS[0], mode: 'rewrite', language: 'en-GB' })).json()).language).toBe('en-GB');
  });

  it('the OpenAPI document says how the language is decided and when the built-in engine refuses it', async () => {
    const doc = (await (await svc.app.request('/openapi.json')).json()) as any;
    const post = doc.paths['/v1/text/generate'].post;
    let body = post.requestBody.content['application/json'].schema;
    if (body.$ref)
      body = body.$ref
        .split('/')
        .slice(1)
        .reduce((o: any, k: string) => o[k], doc);
    expect(body.required).not.toContain('language');
    expect(body.properties.language.description).toMatch(/detected.*English only.*invalid_parameter.*TEXT_PROVIDER=openai/s);
    expect(post.description).toMatch(/detected.*invalid_parameter/s);
  });
});

describe('text language with an OpenAI-compatible provider', () => {
  let fake: FakeApi;
  let svc: TestService;
  let workers: WorkerSet;
  const systems: string[] = [];
  beforeAll(async () => {
    fake = await startFakeApi('/chat/completions', (call, res) => {
      systems.push((call.body.messages as { content: string }[])[0]!.content);
      sendJson(res, 200, { choices: [{ message: { content: 'Texte réécrit.' } }], usage: { prompt_tokens: 30, completion_tokens: 4 } });
    });
    svc = await startTestService({ TEXT_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl });
    workers = await startWorkers(svc.rt, { queues: ['text'] });
  });
  afterAll(async () => {
    await workers?.close(5_000);
    await svc?.close();
    await fake?.close();
  });
  const post = (auth: Record<string, string>, body: object) => svc.app.request('/v1/text/generate', jsonRequest(body, auth));

  it('works in the detected language and labels the result with it; a given `language` is the one written in', async () => {
    const { auth } = await createTestAccount(svc.rt);
    for (const [tag, { name, sentence }] of Object.entries(FOREIGN)) {
      systems.length = 0;
      const res = await post(auth, { prompt: sentence, mode: 'paraphrase' });
      const json = (await res.json()) as { language: string };
      expect(res.status, JSON.stringify(json)).toBe(200);
      expect(json.language).toBe(tag);
      expect(systems[0]).toContain(`in ${name}.`);
    }
    systems.length = 0;
    const english = (await (await post(auth, { prompt: 'tea gardens' })).json()) as { language: string };
    expect(english.language).toBe('en');
    expect(systems[0]).toContain('in English.');
    systems.length = 0;
    const given = (await (await post(auth, { prompt: FOREIGN.fr!.sentence, mode: 'rewrite', language: 'de' })).json()) as { language: string };
    expect(given.language).toBe('de');
    expect(systems[0]).toContain('in German.');
  });
});
