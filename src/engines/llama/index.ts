export { createLlamaTextProvider, type LlamaTextProvider, type LlamaTextProviderOptions } from './text-provider';
export { createLlamaEmbedder, type LlamaEmbedder, type LlamaEmbedderOptions } from './llama-embedder';
export { ggufFileProblem } from './gguf-file';
export { LlamaUnavailableError } from './model-host';
