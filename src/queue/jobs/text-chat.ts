import * as v from 'valibot';
import { defineRequestJob } from './define';

/** One message of a chat, as OpenAI's Chat Completions API names its roles. */
export const chatMessage = v.object({ role: v.picklist(['system', 'developer', 'user', 'assistant']), content: v.string() });

/**
 * One POST /v1/chat/completions (the OpenAI-compatible endpoint), billed in text tokens like
 * /v1/text/generate: an OpenAI-compatible provider gets the messages as they were sent; the built-in engine
 * writes on the last user message.
 */
export const textChatJob = defineRequestJob({
  name: 'text.chat',
  queue: 'text',
  product: 'text',
  description: 'Answers one POST /v1/chat/completions (OpenAI-compatible), billed in text tokens.',
  input: v.object({
    messages: v.array(chatMessage),
    max_tokens: v.number(),
    language: v.string(),
    /** Sampling the caller asked for, passed to an OpenAI-compatible provider (the built-in engine has none). */
    temperature: v.optional(v.number()),
    top_p: v.optional(v.number()),
    stop: v.optional(v.array(v.string())),
    seed: v.optional(v.number()),
    /** Asked with `stream: true`: the worker writes the text to the job's event stream as it goes. */
    stream: v.optional(v.boolean()),
  }),
  result: v.object({
    id: v.string(),
    text: v.string(),
    prompt_tokens: v.number(),
    completion_tokens: v.number(),
    tokens_used: v.number(),
    finish_reason: v.picklist(['stop', 'length']),
    created_at: v.string(),
  }),
});
