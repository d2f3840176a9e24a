import * as v from 'valibot';
import { defineRequestJob } from './define';

export const plagiarismCheckJob = defineRequestJob({
  name: 'plagiarism.check',
  queue: 'text',
  product: 'plagiarism',
  description: 'Checks one POST /v1/plagiarism/check against the indexed corpus.',
  input: v.object({
    text: v.string(),
    exclude: v.optional(v.array(v.picklist(['quotes', 'references']))),
    /** Absent on rows written before scopes: `all`. */
    scope: v.optional(v.picklist(['account', 'shared', 'all'])),
  }),
  result: v.object({
    id: v.string(),
    score: v.number(),
    verdict: v.picklist(['original', 'mostly_original', 'mixed', 'plagiarised']),
    matches: v.array(
      v.object({
        url: v.string(),
        source: v.pipe(
          v.object({
            id: v.pipe(v.string(), v.description('The matched document: one of the account’s sources (`psrc_…`) or a shared corpus document.')),
            scope: v.pipe(
              v.picklist(['account', 'shared']),
              v.description('`account`: one of the account’s own sources (POST /v1/plagiarism/sources); `shared`: the operator’s corpus.'),
            ),
          }),
          v.description('Which document the passage matches, and whose it is.'),
        ),
        similarity: v.number(),
        excerpt: v.string(),
        breakdown: v.pipe(
          v.object({ identical: v.number(), lightly_changed: v.number(), paraphrased: v.number() }),
          v.description(
            'Shares of the passage’s content words, as Copyleaks reports them: the same word as the source, another form of it (same stem), or another word (synonym or new wording). Three decimals, summing to 1.',
          ),
        ),
      }),
    ),
    created_at: v.string(),
  }),
});
