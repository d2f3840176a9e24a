import { parentPort } from 'node:worker_threads';
import { reviveError, serializeError } from './errors';
import type { FromThread, ToThread } from './messages';
import { TASKS, type TaskName } from './tasks';

/**
 * The engine thread's loop: runs the tasks the pool sends, one at a time, and answers each with its
 * value or its error (sent by class name, see errors.ts). Events wait for the caller's ack.
 */
const port = parentPort;
if (!port) throw new Error('thread-main.ts runs only inside a worker thread');

const acks = new Map<string, { resolve(): void; reject(err: unknown): void }>();
const controllers = new Map<number, AbortController>();

port.on('message', (msg: ToThread) => {
  if (msg.type === 'run') void run(msg.id, msg.task as TaskName, msg.input);
  else if (msg.type === 'cancel') controllers.get(msg.id)?.abort(new Error('cancelled'));
  else {
    const key = `${msg.id}:${msg.seq}`;
    const waiting = acks.get(key);
    acks.delete(key);
    if (msg.error) waiting?.reject(reviveError(msg.error));
    else waiting?.resolve();
  }
});

async function run(id: number, task: TaskName, input: unknown): Promise<void> {
  const controller = new AbortController();
  controllers.set(id, controller);
  let seq = 0;
  const emit = (event: unknown) =>
    new Promise<void>((resolve, reject) => {
      const n = seq++;
      acks.set(`${id}:${n}`, { resolve, reject });
      send({ type: 'event', id, seq: n, event });
    });
  try {
    const fn = TASKS[task] as (input: unknown, ctx: { emit: typeof emit; signal: AbortSignal }) => Promise<unknown>;
    if (!fn) throw new Error(`unknown engine task "${task}"`);
    const value = await fn(input, { emit, signal: controller.signal });
    send({ type: 'done', id, value });
  } catch (err) {
    send({ type: 'failed', id, error: serializeError(err) });
  } finally {
    controllers.delete(id);
    for (const key of [...acks.keys()]) if (key.startsWith(`${id}:`)) acks.delete(key);
  }
}

function send(msg: FromThread): void {
  port!.postMessage(msg);
}
