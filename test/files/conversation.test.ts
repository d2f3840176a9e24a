import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deleteExpiredConversations } from '../../src/db/queries/conversations';
import { fileConversations, fileConversationTurns } from '../../src/db/schema';
import { SCHEDULES } from '../../src/workers/schedules';
import { NO_ANSWER } from '../../src/engines/filechat';
import { makeCsv, makePdf } from '../support/document-fixtures';
import { sendJson, startFakeApi, type FakeApi } from '../support/fake-api';
import { createTestAccount, jsonRequest, type TestService } from '../support/runtime';
import { chat, startFileChatService, uploadOk } from './helpers';

let svc: TestService;
let stopService: () => Promise<void>;

beforeAll(async () => {
  ({ svc, close: stopService } = await startFileChatService());
});
afterAll(() => stopService());

const REPORT = [
  'Harbor Works annual report. This report describes the cooperative over two years.',
  'In 2022 the cooperative admitted 214 new members, most of them from the northern coast.',
  'In 2023 the cooperative admitted 305 new members after the new harbour opened.',
  'The Treaty of Verona between the two ports was concluded in 1821 after a long dispute about fishing rights.',
  'The treaty was signed by Anna Berg and Luca Moretti in the town hall.',
  'A look at 2023: the 2023 season was calm, and the 2023 catch was close to the ten-year average.',
];
const MINUTES = ['Board minutes. The board met four times in the year.', 'The cold storage warehouse holds 900 tonnes of frozen fish and runs on solar power.'];

async function post(auth: Record<string, string>, body: unknown) {
  const res = await svc.app.request('/v1/file/chat', jsonRequest(body, auth));
  return { status: res.status, body: await res.json() };
}

describe('POST /v1/file/chat: follow-ups in a conversation', () => {
  let auth: Record<string, string>;
  let report: string;
  beforeAll(async () => {
    ({ auth } = await createTestAccount(svc.rt, 'pro'));
    report = (await uploadOk(svc, auth, await makePdf(REPORT), 'report.pdf')).file_id;
  });

  it('answers "and in 2023?" in the context of the earlier question', async () => {
    const first = await chat(svc, auth, report, 'How many new members did the cooperative admit in 2022?');
    expect(first.answer).toContain('214');
    expect(first.conversation_id).toMatch(/^conv_[a-z0-9]{20}$/);

    // Asked on its own, "2023" alone finds the page that says it most.
    const alone = await chat(svc, auth, report, 'and in 2023?');
    expect(alone.sources[0]?.page).toBe(6);
    expect(alone.conversation_id).not.toBe(first.conversation_id);

    const followUp = await chat(svc, auth, report, 'and in 2023?', { conversation_id: first.conversation_id });
    expect(followUp.answer).toContain('305');
    expect(followUp.answer).not.toContain('214');
    expect(followUp.sources[0]).toMatchObject({ page: 3, file_id: report });
    expect(followUp.conversation_id).toBe(first.conversation_id);
  });

  it('answers "who signed it?" about the earlier question’s subject, and keeps the conversation’s files', async () => {
    const first = await chat(svc, auth, report, 'When was the Treaty of Verona concluded?');
    expect(first.answer).toContain('1821');
    // No file_id: the conversation's files are asked again.
    const followUp = await chat(svc, auth, null, 'Who signed it?', { conversation_id: first.conversation_id });
    expect(followUp.answer).toContain('Anna Berg');
    expect(followUp.sources[0]).toMatchObject({ page: 5, file_id: report });
  });

  it('carries the subject over a chain of follow-ups over a CSV', async () => {
    const csv = makeCsv(
      ['region', 'year', 'units'],
      [
        ['North', 2022, 10],
        ['North', 2023, 15],
        ['West', 2022, 7],
        ['West', 2023, 9],
      ],
    );
    const id = (await uploadOk(svc, auth, csv, 'units.csv')).file_id;
    const first = await chat(svc, auth, id, 'What is the total units in the North region?');
    expect(first.answer).toMatch(/\b25\b/);
    const west = await chat(svc, auth, null, 'and the West region?', { conversation_id: first.conversation_id });
    expect(west.answer).toMatch(/\b16\b/);
    expect(west.sources.every((s) => s.file_id === id)).toBe(true);
  });

  it('404 not_found for another account’s conversation, an unknown one, and a lapsed one', async () => {
    const first = await chat(svc, auth, report, 'When was the Treaty of Verona concluded?');
    const other = await createTestAccount(svc.rt, 'pro');
    const otherFile = (await uploadOk(svc, other.auth, await makePdf(MINUTES), 'minutes.pdf')).file_id;
    const stolen = await post(other.auth, { file_id: otherFile, message: 'Who signed it?', conversation_id: first.conversation_id });
    expect(stolen.status).toBe(404);
    expect(stolen.body.error.code).toBe('not_found');
    const unknown = await post(auth, { file_id: report, message: 'Who signed it?', conversation_id: 'conv_doesnotexist0000000' });
    expect(unknown.status).toBe(404);

    await svc.rt.db
      .update(fileConversations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(fileConversations.id, first.conversation_id));
    const lapsed = await post(auth, { message: 'Who signed it?', conversation_id: first.conversation_id });
    expect(lapsed.status).toBe(404);
    expect(lapsed.body.error.code).toBe('not_found');

    // The hourly sweep deletes it with its turns.
    expect(SCHEDULES.map((s) => s.name)).toContain('conversations.sweep-expired');
    expect(await deleteExpiredConversations(svc.rt.db)).toBeGreaterThanOrEqual(1);
    expect(await svc.rt.db.select().from(fileConversations).where(eq(fileConversations.id, first.conversation_id))).toEqual([]);
    const turns = await svc.rt.db.select().from(fileConversationTurns).where(eq(fileConversationTurns.conversationId, first.conversation_id));
    expect(turns).toEqual([]);
  });
});

describe('POST /v1/file/chat over several files', () => {
  let auth: Record<string, string>;
  let report: string;
  let minutes: string;
  beforeAll(async () => {
    ({ auth } = await createTestAccount(svc.rt, 'pro'));
    report = (await uploadOk(svc, auth, await makePdf(REPORT), 'report.pdf')).file_id;
    minutes = (await uploadOk(svc, auth, await makePdf(MINUTES), 'minutes.pdf')).file_id;
  });

  it('answers from whichever file holds the answer, every source naming its file_id', async () => {
    const fish = await chat(svc, auth, [report, minutes], 'How much frozen fish does the warehouse hold?');
    expect(fish.answer).toContain('900 tonnes');
    expect(fish.sources[0]).toMatchObject({ page: 2, file_id: minutes });
    const members = await chat(svc, auth, [report, minutes], 'How many new members did the cooperative admit in 2023?');
    expect(members.answer).toContain('305');
    expect(members.sources[0]).toMatchObject({ page: 3, file_id: report });
    for (const s of [...fish.sources, ...members.sources]) expect([report, minutes]).toContain(s.file_id);
  });

  it('keeps the single-file request and answer shape of the spec, adding only file_id and conversation_id', async () => {
    const res = await post(auth, { file_id: minutes, message: 'What powers the warehouse?' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['answer', 'conversation_id', 'created_at', 'id', 'sources']);
    expect(Object.keys(res.body.sources[0]).sort()).toEqual(['excerpt', 'file_id', 'page']);
    expect(res.body.sources[0].file_id).toBe(minutes);
  });

  it('404 file_not_found when any of the files is another account’s', async () => {
    const other = await createTestAccount(svc.rt, 'pro');
    const res = await post(other.auth, { file_ids: [(await uploadOk(svc, other.auth, await makePdf(MINUTES), 'm.pdf')).file_id, report], message: 'hi' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('file_not_found');
    expect(res.body.error.message).toContain(report);
  });

  it('400 for file_id with file_ids, an empty, duplicated or too long list, or no file at all', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `file_${String(i).padStart(20, '0')}`);
    for (const [body, code] of [
      [{ file_id: report, file_ids: [minutes], message: 'hi' }, 'invalid_parameter'],
      [{ file_ids: [], message: 'hi' }, 'invalid_parameter'],
      [{ file_ids: [report, report], message: 'hi' }, 'invalid_parameter'],
      [{ file_ids: eleven, message: 'hi' }, 'invalid_parameter'],
      [{ file_ids: 'file_x', message: 'hi' }, 'invalid_parameter'],
      [{ message: 'hi' }, 'missing_required_field'],
    ] as const) {
      const res = await post(auth, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code, JSON.stringify(body)).toBe(code);
    }
  });
});

describe('FILE_CHAT_PROVIDER=openai in a conversation', () => {
  let llm: FakeApi;
  const seen: { messages: { role: string; content: string }[] }[] = [];
  let other: TestService;
  let stopOther: () => Promise<void>;
  beforeAll(async () => {
    llm = await startFakeApi<(typeof seen)[number]>('/chat/completions', (call, res) => {
      seen.push(call.body);
      sendJson(res, 200, { choices: [{ message: { content: `Answer number ${seen.length}.` } }] });
    });
    ({ svc: other, close: stopOther } = await startFileChatService({ FILE_CHAT_PROVIDER: 'openai', OPENAI_BASE_URL: llm.baseUrl }));
  });
  afterAll(async () => {
    await stopOther();
    await llm.close();
  });

  it('gives the model the earlier turns as messages before the follow-up', async () => {
    const { auth } = await createTestAccount(other.rt, 'pro');
    const id = (await uploadOk(other, auth, await makePdf(REPORT), 'report.pdf')).file_id;
    const first = await chat(other, auth, id, 'How many new members did the cooperative admit in 2022?');
    expect(seen.at(-1)!.messages.map((m) => m.role)).toEqual(['system', 'user']);
    await chat(other, auth, null, 'and in 2023?', { conversation_id: first.conversation_id });
    const sent = seen.at(-1)!.messages;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent[1]!.content).toBe('How many new members did the cooperative admit in 2022?');
    expect(sent[2]!.content).toBe(first.answer);
    expect(sent[3]!.content).toContain('Question: and in 2023?');
    // The passages were found for the follow-up as it stands on its own.
    expect(sent[3]!.content).toContain('305 new members');
  });
});

it('NO_ANSWER stays the refusal wording', () => expect(NO_ANSWER).toMatch(/could not find/));

describe('OpenAPI entry of POST /v1/file/chat', () => {
  it('documents file_ids, conversation_id and sources[].file_id', async () => {
    const doc = await (await svc.app.request('/openapi.json')).json();
    const op = doc.paths['/v1/file/chat'].post;
    const body = op.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(['conversation_id', 'file_id', 'file_ids', 'message']);
    expect(body.required).toEqual(['message']);
    expect(body.properties.file_ids).toMatchObject({ type: 'array', minItems: 1, maxItems: 10 });
    const answer = op.responses['200'].content['application/json'].schema;
    expect(answer.required).toEqual(expect.arrayContaining(['conversation_id', 'sources']));
    expect(answer.properties.sources.items.required).toEqual(expect.arrayContaining(['file_id', 'page', 'excerpt']));
    expect(op.responses['404'].description).toMatch(/not_found/);
  });
});
