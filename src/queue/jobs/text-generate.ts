import * as v from 'valibot';
import { TEXT_MODES, TEXT_TONES, type TextMode, type TextTone } from '../../engines/text/types';
import { defineRequestJob } from './define';

/** Writes, rewrites or paraphrases one POST /v1/text/generate, billed in text tokens. */
export const textGenerateJob = defineRequestJob({
  name: 'text.generate',
  queue: 'text',
  product: 'text',
  description: 'Writes, rewrites or paraphrases one POST /v1/text/generate, billed in text tokens.',
  input: v.object({
    prompt: v.string(),
    max_tokens: v.number(),
    language: v.string(),
    tone: v.picklist(TEXT_TONES as TextTone[]),
    mode: v.picklist(TEXT_MODES as TextMode[]),
    /** Asked with `stream: true`: the worker writes the text to the job's event stream as it goes. */
    stream: v.optional(v.boolean()),
  }),
  result: v.object({
    id: v.string(),
    text: v.string(),
    tokens_used: v.number(),
    language: v.string(),
    created_at: v.string(),
  }),
});
