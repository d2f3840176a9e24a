/**
 * The `espeak-ng` package (an Emscripten build of the espeak-ng CLI) ships no types. Only the parts
 * this engine touches are declared; see espeak-process.ts for how they are used.
 */
declare module 'espeak-ng' {
  export interface ESpeakNgStream {
    /** Current offset, advanced by the file system after each write that gave none. */
    position: number;
  }

  /** Operations of a character device; `buffer` is the WASM heap (an Int8Array), valid only during the call. */
  export interface ESpeakNgDeviceOps {
    write?(stream: ESpeakNgStream, buffer: Int8Array, offset: number, length: number, position: number): number;
    llseek?(stream: ESpeakNgStream, offset: number, whence: 0 | 1 | 2): number;
  }

  export interface ESpeakNgFS {
    writeFile(path: string, data: string | Uint8Array): void;
    readFile(path: string): Uint8Array;
    makedev(major: number, minor: number): number;
    registerDevice(dev: number, ops: ESpeakNgDeviceOps): void;
    mkdev(path: string, dev: number): void;
    /** Open streams by file descriptor; closed slots are null. */
    streams: Array<ESpeakNgStream | null | undefined>;
    close(stream: ESpeakNgStream): void;
  }

  export interface ESpeakNgInstance {
    FS: ESpeakNgFS;
  }

  export interface ESpeakNgOptions {
    /** The CLI's argv without the program name; main() runs once, as soon as the module is ready. */
    arguments: string[];
    thisProgram?: string;
    /** Instantiate and initialise the runtime, but do not run main(). */
    noInitialRun?: boolean;
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    /** Called instead of exiting the process when main() returns or calls exit(). */
    quit?: (status: number, toThrow: unknown) => void;
    /** Hooks run after the file system exists and before main(). */
    preRun?: Array<(module: ESpeakNgInstance) => void>;
    /** Emscripten's hook to supply the WebAssembly instance ourselves; return `{}` when answering asynchronously. */
    instantiateWasm?: (imports: Record<string, Record<string, unknown>>, receiveInstance: (instance: object, module: object) => void) => Record<string, never>;
  }

  export default function ESpeakNg(options: ESpeakNgOptions): Promise<ESpeakNgInstance>;
}
