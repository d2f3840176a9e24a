import * as v from 'valibot';
import { defineJob } from './define';

export const corpusIndexJob = defineJob({
  name: 'corpus.index',
  queue: 'corpus',
  description: "Fingerprints a batch of corpus documents (the CLI's `corpus add` and `corpus import`); re-adding a URL replaces it.",
  payload: v.object({
    documents: v.pipe(
      v.array(v.object({ url: v.pipe(v.string(), v.minLength(1)), text: v.string(), accountId: v.optional(v.string()), title: v.optional(v.string()) })),
      v.minLength(1),
    ),
  }),
});

export const plagiarismSourceJob = defineJob({
  name: 'plagiarism.source',
  queue: 'corpus',
  description:
    'Fingerprints one source an account added (POST /v1/plagiarism/sources; jobId = the source id): `pending` → `ready`, or `failed` once no attempt is left.',
  payload: v.object({ id: v.pipe(v.string(), v.minLength(1)) }),
});
