// A Flite child process's entry. Plain JavaScript on purpose: it loads no TypeScript loader and none
// of the app, so each child costs only Node itself plus one Flite instance. The WASM build can crash
// the whole process (SIGSEGV, V8 traps on long inputs), which is why it runs here and not in the
// worker: the parent sees the exit, restarts the child and decides what to do with the chunk.
//
// Protocol (IPC, advanced serialization): the parent sends { id, args, text }; the child answers
// { id, wav } (the WAV file's bytes) or { id, error }. It is started with its working directory as
// argv[2], a directory only it uses, which the WASI instance sees as /work.
import { rmSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// node:wasi announces itself as experimental on Node 20 each time a process loads it; that line on
// stderr for every child start is noise in the worker's log. Other warnings still get through.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name !== 'ExperimentalWarning') process.stderr.write(`${warning.name}: ${warning.message}\n`);
});
const { WASI } = await import('node:wasi');

const [wasmPath, workDir] = process.argv.slice(2);
const INPUT = 'in.txt';
const OUTPUT = 'out.wav';

const module = await WebAssembly.compile(await readFile(wasmPath));

/**
 * Flite's CLI is made to run once: main() leaves its allocations and globals behind, so every chunk
 * gets a fresh instance of the compiled module (~20 ms; the ~20 MB of voice data is copied in).
 */
async function speak(args, text) {
  await writeFile(join(workDir, INPUT), text);
  await rm(join(workDir, OUTPUT), { force: true });
  const wasi = new WASI({
    version: 'preview1',
    args: ['flite', ...args, '-f', `/work/${INPUT}`, '-o', `/work/${OUTPUT}`],
    env: {},
    preopens: { '/work': workDir },
    returnOnExit: true,
  });
  const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
  const status = wasi.start(instance);
  if (status !== 0) throw new Error(`flite exited with status ${status}`);
  return readFile(join(workDir, OUTPUT));
}

// One request at a time, in order: the parent never sends a second before the first is answered,
// but a queue keeps that true even if it did.
let queue = Promise.resolve();
process.on('message', (message) => {
  queue = queue.then(async () => {
    const { id, args, text } = message;
    try {
      const wav = await speak(args, text);
      process.send({ id, wav: new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength) });
      // Each run leaves a dead instance of 20–60 MB of WASM memory that V8 collects lazily: several
      // piled up (a child's RSS wandered between 160 and 200 MB over 400 runs). Collecting after each
      // run keeps it at ~105–125 MB for a few ms a chunk.
      globalThis.gc?.();
    } catch (err) {
      process.send({ id, error: err instanceof Error ? err.message : String(err) });
    }
  });
});
// The parent went away (it exited, or let this child go): the work directory is this child's to
// remove then, since a parent that exits without closing its pool never gets to.
process.on('disconnect', () => {
  rmSync(workDir, { recursive: true, force: true });
  process.exit(0);
});
process.send({ ready: true });
