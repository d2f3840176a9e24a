import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { newId } from '../../../ids';
import type { Runtime } from '../../../runtime';
import type { App } from '../../context';
import { jsonBody } from '../../middleware/json-body';
import { plagiarismCheckJob } from '../../../queue/jobs';
import { submitRequestJob } from '../../submit-request-job';
import { requiredText } from '../../schemas/fields';
import { acceptedJobResponse, errorResponses } from '../../schemas/responses';
import { EXCLUSIONS, type Exclusion } from '../../../engines/plagiarism';
import { CORPUS_SCOPES } from '../../../plagiarism';

const MAX_TEXT_CHARS = 200_000;

export const plagiarismCheckBody = v.object({
  text: v.pipe(requiredText(MAX_TEXT_CHARS), v.description('The full content to check, as plain text.')),
  exclude: v.optional(
    v.pipe(
      v.array(v.picklist(EXCLUSIONS as Exclusion[], `must list only ${EXCLUSIONS.join(', ')}`), `must be an array of ${EXCLUSIONS.join(', ')}`),
      v.description(
        'Parts of the text left out of matching and of the score: `quotes` (text in quotation marks: "…", “…”, „…“, «…», ‘…’; ' +
          'a quotation never spans a blank line) and `references` (a trailing section under a heading line such as References, ' +
          'Bibliography or Works Cited, shorter than the text before it). Excluded words count neither as matched nor in the total.',
      ),
    ),
  ),
  scope: v.optional(
    v.pipe(
      v.picklist(CORPUS_SCOPES, `must be one of ${CORPUS_SCOPES.join(', ')}`),
      v.description(
        'What the text is compared with: `account` (the account’s own sources, POST /v1/plagiarism/sources), `shared` (the operator’s ' +
          'corpus) or `all` (both; the default). Another account’s sources are never compared. Each match’s `source.scope` says which it came from.',
      ),
    ),
  ),
});

export function registerPlagiarismCheck(app: App, rt: Pick<Runtime, 'config' | 'db' | 'queues' | 'jobEvents' | 'usage'>) {
  app.post(
    '/plagiarism/check',
    describeRoute({
      tags: ['Text'],
      summary: 'Check a text for plagiarism',
      description:
        'Compares the text with the account’s own sources and the operator’s shared corpus (`scope`; each match names its `source`), by winnowed fingerprints of normalised words: case, punctuation, ' +
        'stop words, stemming and synonyms do not hide a copy). `score` is the share of the text covered by matched passages; ' +
        'verdict: original < 0.10 ≤ mostly_original < 0.30 ≤ mixed < 0.60 ≤ plagiarised. `matches` has one entry per source passage. ' +
        'Paraphrases are matched too: sentences are aligned with the source sentence by sentence (shared words and WordNet synonyms, ' +
        'in any order), and each match gives a `breakdown` of its words: `identical`, `lightly_changed` (another form of the same ' +
        'word) and `paraphrased` (a synonym or other wording), shares that sum to 1. Each check counts one `plagiarism_checks` against ' +
        'the plan’s quota (GET /v1/usage); past it the check answers 429 `quota_exceeded`.',
      requestBody: { content: { 'application/json': { schema: resolver(plagiarismCheckBody) } } },
      responses: {
        200: { description: 'The check result', content: { 'application/json': { schema: resolver(plagiarismCheckJob.request.result) } } },
        202: acceptedJobResponse('Still checking; poll the `Location` (GET /v1/jobs/{id})'),
        ...errorResponses(400, 401, 403, 413, 429),
      },
    }),
    jsonBody(plagiarismCheckBody),
    async (c) => {
      const { text, exclude, scope } = c.req.valid('json');
      const input = { text, ...(exclude && exclude.length > 0 ? { exclude: [...new Set(exclude)] } : {}), ...(scope ? { scope } : {}) };
      // Metered: the check holds one of the plan's plagiarism checks while it runs (429 quota_exceeded when none is left).
      return submitRequestJob(c, rt, { id: newId('plg'), kind: 'plagiarism.check', input, hold: { metric: 'plagiarism_checks', quantity: 1 } });
    },
  );
}
