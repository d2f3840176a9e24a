/**
 * TEXT_PROVIDER=llama: a GGUF model run in this process by node-llama-cpp (llama.cpp's CPU build).
 *
 * The model is loaded on the first request (after a memory check) and shared; each request takes one of
 * up to `contexts` contexts (a job waits for a free one), talks to the model through the chat template
 * in the model's own metadata (node-llama-cpp resolves `tokenizer.chat_template` to its chat wrapper),
 * and gives the context back cleared. `maxTokens` is the model's own token budget; the reply is cut to
 * whole words and to `maxTokens` o200k tokens like any provider's (StreamedCut), so the contract of
 * `TextProvider` holds whatever the model's tokenizer.
 */
import type { LlamaContextSequence, LlamaModel } from 'node-llama-cpp';
import { systemPrompt } from '../text/prompts';
import { StreamedCut } from '../text/streamed-cut';
import { TextProviderError } from '../text/text-provider-error';
import { countTokens } from '../text/tokens';
import { MAX_MAX_TOKENS, MIN_MAX_TOKENS, type TextProvider, type TextRequest, type TextResult } from '../text/types';
import { ContextPool } from './context-pool';
import { LlamaUnavailableError, nodeLlamaCpp, sharedModel } from './model-host';

export interface LlamaTextProviderOptions {
  /** A GGUF file (checked at start-up by config.ts). */
  modelPath: string;
  /** Contexts, i.e. requests generating at once in this process (LLAMA_CONTEXTS). */
  contexts: number;
  /** Tokens per context (LLAMA_CONTEXT_SIZE), capped at the model's training context. */
  contextSize: number;
  /** CPU threads per context (LLAMA_THREADS). */
  threads: number;
  /** LLAMA_MEMORY_RESERVE_MB. */
  memoryReserveMb: number;
  /** Sampling; llama.cpp's defaults when unset (0.8, 40, 0.95, 0.05). Temperature 0 is greedy (the same reply every time). */
  temperature?: number;
  topK?: number;
  topP?: number;
  minP?: number;
  seed?: number;
}

export interface LlamaTextProvider extends TextProvider {
  /** Loads the model now (normally the first request does). */
  warmUp(): Promise<void>;
  /** Contexts made so far (for tests and the bench). */
  readonly contextsMade: number;
}

/**
 * A chat's turns as the model's template takes them: a chat's own system/developer messages (or Kiln's
 * instructions for a write/rewrite/paraphrase), the earlier turns, and the last user message to answer.
 */
export function chatTurns(req: TextRequest): { system: string; history: { role: 'user' | 'assistant'; text: string }[]; prompt: string } {
  if (!req.messages?.length) return { system: systemPrompt(req), history: [], prompt: req.prompt };
  const system = req.messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => m.content)
    .join('\n\n');
  const turns = req.messages.filter((m) => m.role === 'user' || m.role === 'assistant') as { role: 'user' | 'assistant'; content: string }[];
  const lastUser = turns.findLastIndex((m) => m.role === 'user');
  const prompt = lastUser >= 0 ? turns[lastUser]!.content : req.prompt;
  const history = (lastUser >= 0 ? turns.slice(0, lastUser) : turns).map((m) => ({ role: m.role, text: m.content }));
  return { system, history, prompt };
}

/** Tokens a chat template adds around the system prompt and the prompt (role markers, BOS): generous for the common ones. */
const TEMPLATE_ALLOWANCE = 32;

interface Slot {
  sequence: LlamaContextSequence;
  dispose(): Promise<void>;
}

export function createLlamaTextProvider(opts: LlamaTextProviderOptions): LlamaTextProvider {
  const temperature = opts.temperature ?? 0.8;
  // At temperature 0 the most likely token is taken: the other knobs do nothing, and are left out.
  const sampling =
    temperature === 0 ? { temperature } : { temperature, topK: opts.topK ?? 40, topP: opts.topP ?? 0.95, minP: opts.minP ?? 0.05, seed: opts.seed };
  let pool: ContextPool<Slot> | undefined;
  let ready: Promise<{ model: LlamaModel; pool: ContextPool<Slot>; contextSize: number }> | undefined;

  const prepare = () => {
    ready ??= sharedModel({
      setting: 'LLAMA_MODEL_PATH',
      path: opts.modelPath,
      contexts: opts.contexts,
      contextSize: opts.contextSize,
      embedding: false,
      memoryReserveMb: opts.memoryReserveMb,
    })
      .then((model) => {
        const contextSize = Math.min(opts.contextSize, model.trainContextSize);
        pool = new ContextPool<Slot>(opts.contexts, async () => {
          const context = await model.createContext({ contextSize, threads: opts.threads, sequences: 1 });
          return { sequence: context.getSequence(), dispose: () => context.dispose() };
        });
        return { model, pool, contextSize };
      })
      .catch((err: unknown) => {
        ready = undefined;
        throw asProviderError(err);
      });
    return ready;
  };

  const run = async (req: TextRequest, onDelta: ((text: string) => Promise<void>) | undefined, signal?: AbortSignal): Promise<TextResult> => {
    if (!Number.isInteger(req.maxTokens) || req.maxTokens < MIN_MAX_TOKENS || req.maxTokens > MAX_MAX_TOKENS) {
      throw new TextProviderError(`maxTokens must be an integer from ${MIN_MAX_TOKENS} to ${MAX_MAX_TOKENS}`, { permanent: true });
    }
    signal?.throwIfAborted();
    const [{ model, pool: contexts, contextSize }, mod] = await Promise.all([prepare(), nodeLlamaCpp()]);
    const { system, history, prompt } = chatTurns(req);
    // The prompt must fit in the context with room to answer; the reply gets what is left, up to maxTokens.
    const promptEstimate =
      model.tokenize(system).length + history.reduce((n, t) => n + model.tokenize(t.text).length, 0) + model.tokenize(prompt).length + TEMPLATE_ALLOWANCE;
    if (promptEstimate >= contextSize) {
      throw new TextProviderError(
        `the prompt (about ${promptEstimate} tokens of the model with Kiln's instructions) does not fit in LLAMA_CONTEXT_SIZE=${contextSize} tokens with room for a reply`,
        { permanent: true },
      );
    }
    const maxTokens = Math.min(req.maxTokens, contextSize - promptEstimate);
    const slot = await contexts.acquire(signal);
    const { sequence } = slot;
    // Our own controller: the caller's signal, or a delta that could not be delivered, stops the model.
    const stop = new AbortController();
    const onAbort = () => stop.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const session = new mod.LlamaChatSession({ contextSequence: sequence, systemPrompt: system, autoDisposeSequence: false });
    if (history.length) {
      session.setChatHistory([
        { type: 'system', text: system },
        ...history.map((t) => (t.role === 'user' ? { type: 'user' as const, text: t.text } : { type: 'model' as const, response: [t.text] })),
      ]);
    }
    const meter = { input: sequence.tokenMeter.usedInputTokens, output: sequence.tokenMeter.usedOutputTokens };
    const cut = new StreamedCut(req.maxTokens);
    let delivery = Promise.resolve();
    let deliveryError: unknown;
    let healthy = true;
    try {
      await session.prompt(prompt, {
        maxTokens,
        signal: stop.signal,
        customStopTriggers: req.stop?.length ? [...req.stop] : undefined,
        ...sampling,
        onTextChunk: (chunk) => {
          const piece = cut.push(chunk);
          if (!piece || !onDelta) return;
          delivery = delivery.then(() =>
            deliveryError === undefined
              ? onDelta(piece).catch((err: unknown) => {
                  deliveryError = err;
                  stop.abort(err);
                })
              : undefined,
          );
        },
      });
      await delivery;
      if (deliveryError !== undefined) throw deliveryError;
      signal?.throwIfAborted();
      const { raw, text, rest } = cut.finish();
      if (rest && onDelta) await onDelta(rest);
      const generated = sequence.tokenMeter.usedOutputTokens - meter.output;
      return {
        text,
        promptTokens: sequence.tokenMeter.usedInputTokens - meter.input,
        // The model's own count while the text is the model's own; o200k once the cut changed it.
        outputTokens: text === raw ? Math.min(generated, req.maxTokens) : countTokens(text),
      };
    } catch (err) {
      await delivery;
      if (signal?.aborted) throw signal.reason;
      if (deliveryError !== undefined) throw deliveryError;
      healthy = false;
      throw asProviderError(err);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      session.dispose({ disposeSequence: false });
      // The next request starts from an empty context; one that cannot be cleared is replaced.
      const cleared =
        healthy &&
        (await sequence.clearHistory().then(
          () => true,
          () => false,
        ));
      if (cleared) contexts.release(slot);
      else {
        contexts.discard();
        await slot.dispose().catch(() => undefined);
      }
    }
  };

  return {
    name: 'llama',
    languages: 'any',
    get contextsMade() {
      return pool?.size ?? 0;
    },
    async warmUp() {
      await prepare();
    },
    generate: (req, signal) => run(req, undefined, signal),
    generateStream: (req, onDelta, signal) => run(req, onDelta, signal),
  };
}

function asProviderError(err: unknown): unknown {
  if (err instanceof LlamaUnavailableError) return new TextProviderError(err.message, { permanent: true, cause: err });
  if (err instanceof TextProviderError) return err;
  if (err instanceof Error && err.name === 'AbortError') return err;
  return new TextProviderError(`the llama model failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
}
