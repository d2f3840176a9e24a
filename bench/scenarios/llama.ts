import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLlamaTextProvider } from '../../src/engines/llama';
import { systemPrompt } from '../../src/engines/text/prompts';
import type { TextRequest } from '../../src/engines/text';
import { writeTinyGguf } from '../../test/support/tiny-gguf';
import type { Scenario, Timing } from '../lib/types';

/** Tokens per generation: long enough that the prompt's evaluation is a small part of it. */
const TOKENS = 200;
/** Alternating rounds of each path (BENCH_LLAMA_ROUNDS; medians are compared: the machine is shared and noisy). */
const ROUNDS = Number(process.env.BENCH_LLAMA_ROUNDS) > 0 ? Math.floor(Number(process.env.BENCH_LLAMA_ROUNDS)) : 9;

interface Rate {
  /** Tokens per wall-clock second. */
  wall: number;
  /** Tokens per CPU second of this process (every thread: JavaScript and llama.cpp's). */
  cpu: number;
}

/** Times `work`, which returns the tokens it generated. */
async function rate(work: () => Promise<number>): Promise<Rate> {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const tokens = await work();
  const wallS = (performance.now() - wall0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { wall: tokens / wallS, cpu: tokens / ((cpu.user + cpu.system) / 1e6) };
}

const REQUEST: TextRequest = { prompt: 'A river in winter, seen from an old stone bridge.', mode: 'write', tone: 'formal', language: 'en', maxTokens: TOKENS };

/**
 * Issue 28: TEXT_PROVIDER=llama's plumbing cost per token. The same tiny GGUF model (test/support/tiny-gguf.ts:
 * random weights, so the model itself costs little and the plumbing shows), the same chat template, system
 * prompt, greedy sampling and one thread, generated in this process through Kiln's provider (context pool,
 * streamed deltas cut to whole words and counted with o200k, token metering) and through node-llama-cpp's
 * LlamaChatSession directly, in alternating rounds. Target: Kiln's tokens/s ≥ 0.9× direct, on tokens per CPU
 * second: what the plumbing adds is CPU work, and on a shared machine one generation's wall time swings several
 * fold with the neighbours' load (the wall-clock ratio is reported beside it).
 */
export const llamaTokens: Scenario = {
  name: 'text: llama provider tokens/s vs node-llama-cpp',
  kind: 'group',
  description: `tiny GGUF model, ${TOKENS} tokens streamed per generation, ${ROUNDS} alternating rounds, one thread`,
  async run(ctx) {
    const mod = await import('node-llama-cpp').catch(() => null);
    if (!mod) {
      const note = 'node-llama-cpp (optional dependency) is not installed: npm ci without --omit=optional';
      ctx.say(`skipped: ${note}`);
      return { rows: [], timings: [{ label: 'llama: tokens/s ratio', description: 'skipped', samplesS: [0], unit: '×', ok: false, note }] };
    }
    const dir = mkdtempSync(join(tmpdir(), 'kiln-bench-llama-'));
    ctx.onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    const modelPath = writeTinyGguf(join(dir, 'tiny.gguf'), { seed: 3, embedding: 128, layers: 4, feedForward: 256 });

    const llama = await mod.getLlama({ gpu: false, build: 'never', logLevel: mod.LlamaLogLevel.error });
    const model = await llama.loadModel({ modelPath, gpuLayers: 0 });
    const context = await model.createContext({ contextSize: 1024, threads: 1, sequences: 1 });
    const sequence = context.getSequence();
    const system = systemPrompt(REQUEST);
    // What a caller of node-llama-cpp does per generation: a session on a cleared sequence, a streamed prompt.
    const direct = () =>
      rate(async () => {
        await sequence.clearHistory();
        const session = new mod.LlamaChatSession({ contextSequence: sequence, systemPrompt: system, autoDisposeSequence: false });
        let tokens = 0;
        await session.prompt(REQUEST.prompt, { maxTokens: TOKENS, temperature: 0, onTextChunk: () => {}, onToken: (t) => (tokens += t.length) });
        session.dispose({ disposeSequence: false });
        return tokens;
      });
    const kiln = createLlamaTextProvider({ modelPath, contexts: 1, contextSize: 1024, threads: 1, memoryReserveMb: 0, temperature: 0 });
    await kiln.warmUp();
    let deltas = 0;
    const viaKiln = () =>
      rate(async () => {
        const out = await kiln.generateStream!(REQUEST, async () => {
          deltas++;
        });
        return out.outputTokens;
      });

    await direct();
    await viaKiln();
    const directRates: Rate[] = [];
    const kilnRates: Rate[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      directRates.push(await direct());
      kilnRates.push(await viaKiln());
    }
    await context.dispose();
    await model.dispose();
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const of = (rates: Rate[], key: keyof Rate) => rates.map((r) => r[key]);
    const cpuRatio = median(of(kilnRates, 'cpu')) / median(of(directRates, 'cpu'));
    const wallRatio = median(of(kilnRates, 'wall')) / median(of(directRates, 'wall'));
    ctx.say(
      `direct ${median(of(directRates, 'cpu')).toFixed(0)} tokens/CPU-s (${median(of(directRates, 'wall')).toFixed(0)}/s wall), ` +
        `Kiln ${median(of(kilnRates, 'cpu')).toFixed(0)} tokens/CPU-s (${median(of(kilnRates, 'wall')).toFixed(0)}/s wall): ` +
        `ratio ${cpuRatio.toFixed(3)} CPU, ${wallRatio.toFixed(3)} wall (${deltas} deltas)`,
    );
    const timing = (label: string, description: string, samples: number[], unit: string, targets?: Timing['targets']): Timing => ({
      label,
      description,
      samplesS: samples,
      unit,
      ok: true,
      targets,
    });
    const timings: Timing[] = [
      timing('llama: node-llama-cpp directly', `LlamaChatSession.prompt, ${TOKENS} tokens per generation`, of(directRates, 'cpu'), 'tokens/CPU-s'),
      timing('llama: Kiln provider (streamed)', `generateStream, ${TOKENS} tokens per generation`, of(kilnRates, 'cpu'), 'tokens/CPU-s'),
      timing('llama: tokens/s ratio Kiln / direct (CPU)', 'median over median, tokens per CPU second; target at least 0.9×', [cpuRatio], '×', [
        { stat: 'median', op: '>=', value: 0.9 },
      ]),
      timing('llama: tokens/s ratio Kiln / direct (wall)', 'median over median, tokens per wall-clock second (noisy on a shared machine)', [wallRatio], '×'),
    ];
    return { rows: [], timings };
  },
};
