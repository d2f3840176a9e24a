import * as v from 'valibot';
import { defineRequestJob } from './define';

export const plagiarismCheckJob = defineRequestJob({
  name: 'plagiarism.check',
  queue: 'text',
  product: 'plagiarism',
  description: 'Checks one POST /v1/plagiarism/check against the indexed corpus.',
  input: v.object({ text: v.string() }),
  result: v.object({
    id: v.string(),
    score: v.number(),
    verdict: v.picklist(['original', 'mostly_original', 'mixed', 'plagiarised']),
    matches: v.array(v.object({ url: v.string(), similarity: v.number(), excerpt: v.string() })),
    created_at: v.string(),
  }),
});
