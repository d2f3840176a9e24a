/**
 * node-llama-cpp, loaded only when a llama provider is first used (it is an optional dependency: a Kiln
 * that never sets TEXT_PROVIDER=llama or EMBEDDINGS_PROVIDER=llama never imports it), and each GGUF model
 * loaded once per process, shared by every provider that names the same file.
 */
import { stat } from 'node:fs/promises';
import { freemem } from 'node:os';
import type { Llama, LlamaModel } from 'node-llama-cpp';

type NodeLlamaCpp = typeof import('node-llama-cpp');

/** The model cannot be used: the package is missing, the file will not fit in memory, or llama.cpp refused it. Retrying cannot help. */
export class LlamaUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LlamaUnavailableError';
  }
}

let moduleLoad: Promise<NodeLlamaCpp> | undefined;
let llamaLoad: Promise<Llama> | undefined;
const models = new Map<string, Promise<LlamaModel>>();

/** The node-llama-cpp module, or a clear error when the optional package is not installed. */
export function nodeLlamaCpp(): Promise<NodeLlamaCpp> {
  moduleLoad ??= import('node-llama-cpp').catch((err: unknown) => {
    moduleLoad = undefined;
    throw new LlamaUnavailableError(
      'the llama provider needs the optional package node-llama-cpp, which is not installed: run `npm ci` without --omit=optional (or `npm i -E node-llama-cpp@3.21.1`)',
      { cause: err },
    );
  });
  return moduleLoad;
}

/** llama.cpp's prebuilt CPU build, once per process: no GPU (the CUDA and Vulkan builds are not installed), never a build from source. */
export function llamaRuntime(): Promise<Llama> {
  llamaLoad ??= nodeLlamaCpp()
    .then((mod) => mod.getLlama({ gpu: false, build: 'never', logLevel: mod.LlamaLogLevel.error }))
    .catch((err: unknown) => {
      llamaLoad = undefined;
      if (err instanceof LlamaUnavailableError) throw err;
      throw new LlamaUnavailableError(`node-llama-cpp could not load llama.cpp's prebuilt CPU build: ${(err as Error).message}`, { cause: err });
    });
  return llamaLoad;
}

export interface ModelLoad {
  /** The setting that names the file, for error messages (`LLAMA_MODEL_PATH`). */
  setting: string;
  path: string;
  /** Contexts that will be made on this model, and each one's size in tokens, for the memory check. */
  contexts: number;
  contextSize: number;
  embedding: boolean;
  /** Memory to leave free for everything else in the process and on the machine. */
  memoryReserveMb: number;
}

const MIB = 1024 * 1024;

/**
 * The model at `load.path`, loaded on first call and shared afterwards. Before loading, the model file
 * plus `contexts` contexts of `contextSize` (node-llama-cpp's estimate from the GGUF metadata) plus the
 * reserve must fit in the memory free now; otherwise a LlamaUnavailableError says how much is missing.
 */
export function sharedModel(load: ModelLoad): Promise<LlamaModel> {
  let model = models.get(load.path);
  if (!model) {
    model = loadModel(load);
    models.set(load.path, model);
    model.catch(() => models.delete(load.path));
  }
  return model;
}

async function loadModel(load: ModelLoad): Promise<LlamaModel> {
  const [mod, llama] = await Promise.all([nodeLlamaCpp(), llamaRuntime()]);
  const need = await memoryNeeded(mod, llama, load);
  const free = freemem();
  if (need.total > free) {
    throw new LlamaUnavailableError(
      `${load.setting}=${load.path} does not fit in memory: it needs ${mb(need.total)} MB ` +
        `(model file ${mb(need.file)} MB + ${load.contexts} context(s) of ${load.contextSize} tokens, ${mb(need.perContext)} MB each, ` +
        `+ LLAMA_MEMORY_RESERVE_MB=${load.memoryReserveMb}) and ${mb(free)} MB are free; ` +
        'use a smaller (more quantized) model, fewer LLAMA_CONTEXTS or a smaller LLAMA_CONTEXT_SIZE',
    );
  }
  try {
    return await llama.loadModel({ modelPath: load.path, gpuLayers: 0 });
  } catch (err) {
    throw new LlamaUnavailableError(`${load.setting}=${load.path}: llama.cpp could not load the model: ${(err as Error).message}`, { cause: err });
  }
}

export interface MemoryNeed {
  file: number;
  perContext: number;
  total: number;
}

/** Bytes the model and its contexts take, by the GGUF metadata (read without loading the weights). */
export async function memoryNeeded(mod: NodeLlamaCpp, llama: Llama, load: ModelLoad): Promise<MemoryNeed> {
  const file = (await stat(load.path)).size;
  let perContext: number;
  try {
    const insights = await mod.GgufInsights.from(await mod.readGgufFileInfo(load.path, { logWarnings: false }), llama);
    perContext = insights.estimateContextResourceRequirements({
      contextSize: Math.min(load.contextSize, insights.trainContextSize ?? load.contextSize),
      modelGpuLayers: 0,
      sequences: 1,
      isEmbeddingContext: load.embedding,
    }).cpuRam;
  } catch (err) {
    throw new LlamaUnavailableError(`${load.setting}=${load.path}: the GGUF metadata cannot be read: ${(err as Error).message}`, { cause: err });
  }
  return { file, perContext, total: file + load.contexts * perContext + load.memoryReserveMb * MIB };
}

function mb(bytes: number): number {
  return Math.ceil(bytes / MIB);
}
