import * as v from 'valibot';
import { defineJob } from './define';

export const fileEmbedJob = defineJob({
  name: 'file.embed',
  queue: 'meaning',
  description: "Gives an ingested document's passages their sentence vectors (semantic retrieval); queued when its upload completes.",
  payload: v.object({ documentId: v.pipe(v.string(), v.minLength(1)) }),
});
