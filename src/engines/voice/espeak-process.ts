import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ESpeakNg, { type ESpeakNgFS, type ESpeakNgInstance } from 'espeak-ng';
import { wasm, type WasmInstance } from './wasm';

/** Where the text to speak is put for `-f`, and the device espeak's `-w` output goes to. */
export const INPUT_PATH = '/in.txt';
export const OUTPUT_PATH = '/out.wav';

export interface EspeakRun {
  /** main()'s return value or exit() status. */
  status: number;
  /** Lines espeak wrote to stderr (at most 20). */
  errors: string[];
  /** Bytes written to OUTPUT_PATH. */
  bytesWritten: number;
}

/** The raw WASM exports a run needs (the package's JS wrappers add only assertions). */
interface EspeakExports {
  memory: { buffer: ArrayBuffer };
  stackSave(): number;
  stackRestore(pointer: number): void;
  stackAlloc(size: number): number;
  __main_argc_argv(argc: number, argv: number): number;
  /** Address of the table of files embedded in memory (espeak-ng-data). */
  __emscripten_embedded_file_data?: { value: number };
}

/** What a run may change, copied right after start-up; plus the read-only span it is checked against. */
interface MemoryImage {
  /** Bytes to put back at each offset. */
  parts: Array<{ offset: number; bytes: Uint8Array }>;
  /** Everything from here up is zero after start-up. */
  zeroFrom: number;
  /** The embedded espeak-ng-data files: never written, so not copied, only fingerprinted. */
  frozen: { start: number; end: number; fingerprint: number } | undefined;
}

interface CurrentRun {
  onBytes: (bytes: Uint8Array) => void;
  received: number;
  errors: string[];
  failure?: { error: unknown };
}

/**
 * One espeak-ng WASM instance whose CLI main() runs again and again, each time from an image of
 * its memory taken right after start-up (see takeImage). The CLI was written to run once per
 * process (getopt's position, allocations it never frees, files it never closes all live in linear
 * memory), so restoring the memory and the stack pointer gives every run a freshly started
 * process: byte-identical output to a new instance's, for ~2 ms of restoring instead of ~22 ms of
 * instantiating. It also keeps memory flat: a new 32 MB instance per chunk left several dead ones
 * waiting for the collector (a 20,000-word text peaked ~65 MB higher).
 *
 * A run is synchronous from start to end, so runs never interleave even when requests overlap.
 */
export class EspeakProcess {
  /** Set when a run died in a way that may have left the instance unusable; start a new one. */
  broken = false;
  private current: CurrentRun | undefined;

  private constructor(
    private readonly fs: ESpeakNgFS,
    private readonly exports: EspeakExports,
    private readonly image: MemoryImage,
    private readonly stackTop: number,
  ) {}

  /** The instance's linear memory and the span of it treated as read-only; for inspection (tests). */
  get memory(): ArrayBuffer {
    return this.exports.memory.buffer;
  }

  get frozenSpan(): { start: number; end: number } | undefined {
    return this.image.frozen && { start: this.image.frozen.start, end: this.image.frozen.end };
  }

  static async start(): Promise<EspeakProcess> {
    const entry = createRequire(import.meta.url).resolve('espeak-ng');
    const module = await wasm.compile(await readFile(join(dirname(entry), 'espeak-ng.wasm')));
    let instance: WasmInstance | undefined;
    let self: EspeakProcess | undefined;
    let failStart: (err: unknown) => void = () => {};
    const startFailed = new Promise<never>((_, reject) => {
      failStart = reject;
    });
    const globalsBefore = new Set(Object.getOwnPropertyNames(globalThis));
    let started: ESpeakNgInstance;
    try {
      started = await Promise.race([
        startFailed,
        ESpeakNg({
          arguments: [],
          thisProgram: 'espeak-ng',
          noInitialRun: true,
          print: () => {},
          printErr: (line) => self?.stderr(line),
          // The default quit sets process.exitCode, which would leak espeak's exit status into ours;
          // throwing the ExitStatus unwinds the WASM stack back to `run`.
          quit: (_status, toThrow) => {
            throw toThrow;
          },
          preRun: [
            (m) =>
              mountOutputDevice(
                m.FS,
                (bytes, position) => self?.output(bytes, position),
                () => self?.current?.received ?? 0,
              ),
          ],
          instantiateWasm: (imports, receiveInstance) => {
            wasm.instantiate(module, imports).then((created) => {
              instance = created;
              // Runs the runtime's whole start-up synchronously; a throw here would otherwise be lost.
              try {
                withoutStackTraces(() => receiveInstance(created, module));
              } catch (err) {
                failStart(err);
              }
            }, failStart);
            return {};
          },
        }),
      ]);
    } finally {
      removeEmscriptenGlobals(globalsBefore);
    }
    const exports = instance?.exports as Partial<EspeakExports> | undefined;
    if (!exports?.memory || !exports.stackSave || !exports.stackRestore || !exports.stackAlloc || !exports.__main_argc_argv) {
      throw new Error('espeak-ng WASM does not export what the engine needs (memory, stack helpers, main)');
    }
    self = new EspeakProcess(started.FS, exports as EspeakExports, takeImage(exports as EspeakExports), exports.stackSave());
    return self;
  }

  /**
   * Runs the CLI with `args` (without the program name), `text` in INPUT_PATH, and hands whatever
   * it writes to OUTPUT_PATH to `onBytes` as it comes (a view of WASM memory, valid during the
   * call only). An error thrown by `onBytes` stops the output and is rethrown after the run.
   */
  run(args: readonly string[], text: string, onBytes: (bytes: Uint8Array) => void): EspeakRun {
    if (this.broken) throw new Error('this espeak-ng instance is broken; start a new one');
    const heap = new Uint8Array(this.exports.memory.buffer);
    for (const part of this.image.parts) heap.set(part.bytes, part.offset);
    heap.fill(0, this.image.zeroFrom);
    this.exports.stackRestore(this.stackTop);
    this.fs.writeFile(INPUT_PATH, text);
    const argv = ['espeak-ng', ...args];
    const argvPointer = this.writeArgv(argv);

    const run: CurrentRun = { onBytes, received: 0, errors: [] };
    this.current = run;
    let status: number;
    try {
      status = withoutStackTraces(() => this.exports.__main_argc_argv(argv.length, argvPointer));
    } catch (err) {
      if (!isExitStatus(err)) {
        this.broken = true;
        throw err;
      }
      status = err.status;
    } finally {
      this.current = undefined;
      this.closeLeftoverStreams();
      // Cheap insurance for the one assumption the restore makes: the data files stay untouched.
      const frozen = this.image.frozen;
      if (frozen && fingerprint(heap, frozen.start, frozen.end) !== frozen.fingerprint) this.broken = true;
    }
    if (run.failure) throw run.failure.error;
    return { status, errors: run.errors, bytesWritten: run.received };
  }

  private output(bytes: Uint8Array, position: number): void {
    const run = this.current;
    if (!run || run.failure || position !== run.received) return;
    run.received += bytes.length;
    try {
      withStackTraces(() => run.onBytes(bytes));
    } catch (error) {
      // Thrown into the WASM it would look like an espeak crash; keep it for `run` to rethrow.
      run.failure = { error };
    }
  }

  private stderr(line: string): void {
    const run = this.current;
    if (run && run.errors.length < 20 && !line.startsWith('program exited')) run.errors.push(line);
  }

  /** argv as C wants it (NUL-terminated UTF-8 strings and a NULL-terminated pointer array), on the WASM stack. */
  private writeArgv(args: readonly string[]): number {
    const pointers = args.map((arg) => {
      const bytes = Buffer.from(`${arg}\0`, 'utf8');
      const pointer = this.exports.stackAlloc(bytes.length);
      new Uint8Array(this.exports.memory.buffer).set(bytes, pointer);
      return pointer;
    });
    const argv = this.exports.stackAlloc(4 * (pointers.length + 1));
    const view = new DataView(this.exports.memory.buffer);
    pointers.forEach((pointer, i) => view.setUint32(argv + 4 * i, pointer, true));
    view.setUint32(argv + 4 * pointers.length, 0, true);
    return argv;
  }

  /** Files the run opened and never closed: the memory restore forgets them, the JS file table would not. */
  private closeLeftoverStreams(): void {
    for (let fd = 3; fd < this.fs.streams.length; fd++) {
      const stream = this.fs.streams[fd];
      if (stream) this.fs.close(stream);
    }
  }
}

/**
 * The memory right after start-up, minus the ~18 MB of embedded espeak-ng-data files: the program
 * only ever reads those (through the in-memory file system, which serves them from this very
 * memory), so copying them would double the instance's footprint for nothing. What is kept is the
 * C program's own data and start-up heap, ~0.3 MB. Without a readable file table the whole used
 * memory is kept instead.
 */
function takeImage(exports: EspeakExports): MemoryImage {
  const heap = new Uint8Array(exports.memory.buffer);
  let used = heap.length;
  while (used > 0 && heap[used - 1] === 0) used--;
  const files = embeddedFileSpan(exports, used);
  if (!files) return { parts: [{ offset: 0, bytes: heap.slice(0, used) }], zeroFrom: used, frozen: undefined };
  return {
    parts: [
      { offset: 0, bytes: heap.slice(0, files.start) },
      { offset: files.end, bytes: heap.slice(files.end, used) },
    ],
    zeroFrom: used,
    frozen: { ...files, fingerprint: fingerprint(heap, files.start, files.end) },
  };
}

/** [start, end) covering every embedded file's contents, from the table the runtime loads them by. */
function embeddedFileSpan(exports: EspeakExports, used: number): { start: number; end: number } | undefined {
  const table = exports.__emscripten_embedded_file_data?.value;
  if (typeof table !== 'number' || table <= 0 || table % 4 !== 0) return undefined;
  const words = new Uint32Array(exports.memory.buffer);
  let start = Number.POSITIVE_INFINITY;
  let end = 0;
  // Entries are (name pointer, length, contents pointer) until a null name pointer.
  for (let entry = table >> 2; entry + 2 < words.length && words[entry] !== 0; entry += 3) {
    const length = words[entry + 1] as number;
    const contents = words[entry + 2] as number;
    start = Math.min(start, contents);
    end = Math.max(end, contents + length);
  }
  if (!(start < end) || end > table || end > used) return undefined;
  return { start, end };
}

/** FNV-1a over one 32-bit word per 4 KB page: a ~0.1 ms tripwire, not a proof (the tests compare the whole span). */
function fingerprint(heap: Uint8Array, start: number, end: number): number {
  const view = new DataView(heap.buffer);
  let hash = 0x811c9dc5;
  for (let offset = start; offset + 4 <= end; offset += 4096) {
    hash = Math.imul(hash ^ view.getUint32(offset, true), 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Replaces espeak's output file with a character device that passes each write straight on, so a
 * chunk's audio never accumulates here. (An in-memory file would also grow 12.5% at a time past
 * 1 MB, copying itself each time: ~60 MB of garbage for a 3,000-character chunk.) espeak's closing
 * seek back to patch the header sizes is answered, and its writes there dropped by the receiver;
 * the sizes left are placeholders and the WAV reader reads the samples to the end instead.
 */
function mountOutputDevice(fs: ESpeakNgFS, onWrite: (bytes: Uint8Array, position: number) => void, end: () => number): void {
  const device = fs.makedev(64, 0);
  fs.registerDevice(device, {
    write(_stream, heap, offset, length, position) {
      if (length > 0) onWrite(new Uint8Array(heap.buffer, heap.byteOffset + offset, length), position);
      return length;
    },
    llseek(stream, offset, whence) {
      return whence === 0 ? offset : whence === 1 ? stream.position + offset : end() + offset;
    },
  });
  fs.mkdev(OUTPUT_PATH, device);
}

let outerStackTraceLimit = Error.stackTraceLimit;

/**
 * Start-up creates each directory of the embedded espeak-ng-data with an EEXIST error, and lookups
 * of absent files raise ENOENT; the package captures and demangles a stack trace for each. Without
 * traces start-up takes half the time. Only ever around synchronous code, so nothing else is affected.
 */
function withoutStackTraces<T>(fn: () => T): T {
  const previous = Error.stackTraceLimit;
  outerStackTraceLimit = previous;
  Error.stackTraceLimit = 0;
  try {
    return fn();
  } finally {
    Error.stackTraceLimit = previous;
  }
}

/** The caller's code run from inside espeak (the output receiver) gets its stack traces back. */
function withStackTraces<T>(fn: () => T): T {
  const inside = Error.stackTraceLimit;
  Error.stackTraceLimit = outerStackTraceLimit;
  try {
    return fn();
  } finally {
    Error.stackTraceLimit = inside;
  }
}

function isExitStatus(err: unknown): err is { name: 'ExitStatus'; status: number } {
  return (
    typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'ExitStatus' && typeof (err as { status?: unknown }).status === 'number'
  );
}

/**
 * The package is an Emscripten debug build: instantiating defines warning getters on globalThis
 * (`asm`, `buffer` and some 200 library symbols it left out) whose closures hold the whole instance,
 * 32 MB of WASM memory and its file system, for the life of the process. Deleting the getters it
 * added lets a discarded instance be collected and keeps the global scope clean.
 */
function removeEmscriptenGlobals(before: ReadonlySet<string>): void {
  const scope = globalThis as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(scope)) {
    if (before.has(name)) continue;
    const property = Object.getOwnPropertyDescriptor(scope, name);
    if (property?.configurable && property.get && !property.set) delete scope[name];
  }
}
