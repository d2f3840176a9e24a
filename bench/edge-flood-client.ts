/**
 * The rules-flood attacker of bench/scenarios/hosting-edge-flood.ts, in its own process so its CPU is not
 * the bench's: CONNECTIONS keep-alive sockets asking the edge, as fast as it answers, for a new path of
 * SEGMENTS segments (about PATH_BYTES bytes) each time. Prints the number of answers per status on SIGTERM.
 */
import { connect } from 'node:net';

const port = Number(process.env.EDGE_PORT);
const host = process.env.FLOOD_HOST!;
const connections = Number(process.env.CONNECTIONS ?? 8);
const segments = Number(process.env.SEGMENTS ?? 2_600);
const pathBytes = Number(process.env.PATH_BYTES ?? 15_000);

const statuses: Record<string, number> = {};
let n = 0;

/** A fresh path each time (so no per-path cache helps): `/x{n}/aaaa/aaaa/…` of the asked size. */
function nextPath(): string {
  n++;
  const segment = 'a'.repeat(Math.max(1, Math.floor(pathBytes / segments) - 1));
  return `/x${n}${`/${segment}`.repeat(segments - 1)}`;
}

function run(): void {
  const sock = connect(port, '127.0.0.1');
  sock.setNoDelay(true);
  let buffered = '';
  const send = () => sock.write(`GET ${nextPath()} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
  sock.on('connect', send);
  sock.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('latin1');
    for (;;) {
      const end = buffered.indexOf('\r\n\r\n');
      if (end === -1) return;
      const head = buffered.slice(0, end);
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      const status = head.slice(9, 12);
      statuses[status] = (statuses[status] ?? 0) + 1;
      buffered = buffered.slice(end + 4 + length);
      send();
    }
  });
  sock.on('error', () => setTimeout(run, 50));
  sock.on('close', () => setTimeout(run, 50));
}

for (let i = 0; i < connections; i++) run();
process.on('SIGTERM', () => {
  process.stdout.write(`${JSON.stringify(statuses)}\n`);
  process.exit(0);
});
