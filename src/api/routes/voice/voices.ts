import { describeRoute, resolver } from 'hono-openapi';
import { findAccountVoice, listAccountVoices } from '../../../db/queries/voices';
import { BUILTIN_VOICES, findBuiltinVoice } from '../../../engines/voice/catalogue';
import type { Runtime } from '../../../runtime';
import { deleteClonedVoice } from '../../../voices/delete-voice';
import type { App } from '../../context';
import { invalidParameter, notFound } from '../../../errors/api-error';
import { listParameters, pageInMemory, readListQuery, type ListFilter } from '../../lists/list-query';
import { listSchema, listView } from '../../lists/list-response';
import { errorResponses } from '../../schemas/responses';
import { builtinVoiceView, clonedVoiceView, voiceSchema } from '../../../voices/views';

const unknownVoice = (id: string) => notFound(`No voice ${id} on this account.`, 'voice_id');

const FILTERS = {
  type: { description: 'Only built-in voices (`builtin`) or only this account’s clones (`cloned`).', values: ['builtin', 'cloned'] },
} satisfies Record<string, ListFilter>;

export function registerVoices(app: App, rt: Pick<Runtime, 'db'>) {
  app.get(
    '/voices',
    describeRoute({
      tags: ['Voice'],
      summary: 'List voices',
      description:
        'The built-in voices (`type: "builtin"`, in the catalogue’s order) followed by this account’s cloned voices ' +
        '(`type: "cloned"`, oldest first). Page with `starting_after` (the last `voice_id` of a page) while `has_more` is true.',
      parameters: listParameters('voices', 'A `voice_id` of this list.', FILTERS),
      responses: {
        200: { description: 'A page of voices', content: { 'application/json': { schema: resolver(listSchema(voiceSchema)) } } },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const q = readListQuery(c, FILTERS);
      const builtin = q.filters.type === 'cloned' ? [] : BUILTIN_VOICES.map(builtinVoiceView);
      const cloned = q.filters.type === 'builtin' ? [] : (await listAccountVoices(rt.db, c.get('principal').accountId)).map(clonedVoiceView);
      const page = pageInMemory([...builtin, ...cloned], (voice) => voice.voice_id, q, 'voice');
      return c.json(listView(c, page.rows, page.hasMore));
    },
  );

  app.get(
    '/voices/:voice_id',
    describeRoute({
      tags: ['Voice'],
      summary: 'Read a voice (poll a clone)',
      description:
        "A built-in voice, or one of this account's cloned voices. A clone answers `processing` until its analysis is done, then " +
        '`ready` (usable as `voice` in POST /v1/voice/synthesize) or `failed` with the reason in `error`.',
      responses: {
        200: { description: 'The voice', content: { 'application/json': { schema: resolver(voiceSchema) } } },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const id = c.req.param('voice_id');
      const builtin = findBuiltinVoice(id);
      if (builtin) return c.json(builtinVoiceView(builtin));
      const row = await findAccountVoice(rt.db, c.get('principal').accountId, id);
      if (!row) throw unknownVoice(id);
      return c.json(clonedVoiceView(row));
    },
  );

  app.delete(
    '/voices/:voice_id',
    describeRoute({
      tags: ['Voice'],
      summary: 'Delete a cloned voice',
      description: 'Removes the voice and its measured profile; audio already made with it stays available until its link expires.',
      responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const id = c.req.param('voice_id');
      const outcome = await deleteClonedVoice(rt.db, c.get('principal').accountId, id, c.get('actor'));
      if (outcome === 'builtin') throw invalidParameter(`Voice ${id} is built in and cannot be deleted; only cloned voices can.`, 'voice_id');
      if (outcome === 'not_found') throw unknownVoice(id);
      return c.body(null, 204);
    },
  );
}
