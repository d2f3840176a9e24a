import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { newId } from '../../../ids';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { requireFeature } from '../../middleware/auth';
import { jsonBody } from '../../middleware/json-body';
import { plagiarismCheckJob } from '../../../queue/jobs';
import { submitRequestJob } from '../../request-jobs';
import { requiredText } from '../../schemas/fields';
import { errorResponses } from '../../schemas/responses';

const MAX_TEXT_CHARS = 200_000;

export const plagiarismCheckBody = v.object({
  text: v.pipe(requiredText(MAX_TEXT_CHARS), v.description('The full content to check, as plain text.')),
});

export function registerPlagiarismCheck(app: App, rt: Pick<Runtime, 'config' | 'db' | 'queues' | 'jobEvents' | 'usage'>) {
  app.post(
    '/plagiarism/check',
    describeRoute({
      tags: ['Text'],
      summary: 'Check a text for plagiarism',
      description:
        'Compares the text with the indexed reference corpus (winnowed fingerprints of normalised words: case, punctuation, ' +
        'stop words, stemming and synonyms do not hide a copy). `score` is the share of the text covered by matched passages; ' +
        'verdict: original < 0.10 ≤ mostly_original < 0.30 ≤ mixed < 0.60 ≤ plagiarised. `matches` has one entry per source passage.',
      requestBody: { content: { 'application/json': { schema: resolver(plagiarismCheckBody) } } },
      responses: {
        200: { description: 'The check result', content: { 'application/json': { schema: resolver(plagiarismCheckJob.request.result) } } },
        202: { description: 'Still checking; poll the `Location` (GET /v1/jobs/{id})' },
        ...errorResponses(400, 401, 403, 413, 429),
      },
    }),
    requireFeature('plagiarism'),
    jsonBody(plagiarismCheckBody),
    async (c) => {
      const { text } = c.req.valid('json');
      return submitRequestJob(c, rt, { id: newId('plg'), kind: 'plagiarism.check', input: { text } });
    },
  );
}
