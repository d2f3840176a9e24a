/**
 * The slice of the WebAssembly JS API this engine uses. Node provides it globally, but its types
 * live in lib.dom, which this project does not load, so they are declared here.
 */
export interface WasmModule {
  readonly __brand?: 'WebAssembly.Module';
}

export interface WasmInstance {
  readonly exports: Record<string, unknown>;
}

export type WasmImports = Record<string, Record<string, unknown>>;

interface WasmApi {
  compile(bytes: Uint8Array): Promise<WasmModule>;
  instantiate(module: WasmModule, imports: WasmImports): Promise<WasmInstance>;
}

export const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
