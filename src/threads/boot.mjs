// A worker thread's entry. Plain JavaScript on purpose: on Node 20 a Worker given a .ts file with
// `execArgv: ['--import', 'tsx']` fails (ERR_UNKNOWN_FILE_EXTENSION: the loader hooks are not yet
// in place when the entry loads), so this registers tsx's loader first, then imports the TypeScript
// entry named in workerData. Works the same under `npm start`, `node --import tsx` and vitest.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
