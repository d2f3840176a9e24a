import net from 'node:net';

/** A ReadyForQuery message ('Z', length 5, status): the server has answered everything sent before it. */
function endsWithReadyForQuery(chunk: Buffer): boolean {
  const n = chunk.length;
  return n >= 6 && chunk[n - 6] === 0x5a && chunk[n - 5] === 0 && chunk[n - 4] === 0 && chunk[n - 3] === 0 && chunk[n - 2] === 5;
}

/**
 * A connection to Postgres that is given up on when the server owes an answer and sends nothing for
 * `silentMs`. A server that is gone without closing its sockets (a host down, a network cut, a proxy
 * that stops forwarding) leaves a query waiting for ever otherwise: TCP notices only after minutes.
 * The watch runs only between a write and the ReadyForQuery that ends the exchange, so an idle
 * connection is never cut; a statement the server is still running past it is given up on the same way
 * (the connection goes, and with it the statement). Destroying the socket makes postgres.js fail the
 * query with a connection error, which the API answers with 503.
 */
export function watchedSocket(options: { host: string[]; port: number[]; path?: string | false; ssl?: unknown }, silentMs: number): net.Socket {
  const socket = new net.Socket();
  if (options.path) socket.connect(options.path);
  else socket.connect(options.port[0]!, options.host[0]!);
  // TLS takes the socket's handle over, so its traffic would not pass here: the watch would cut a healthy
  // connection. Over TLS a silent server is bounded by TCP keepalive only.
  if (options.ssl) return socket;
  let timer: NodeJS.Timeout | null = null;
  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const watch = () => {
    stop();
    timer = setTimeout(() => socket.destroy(Object.assign(new Error(`Postgres sent nothing for ${silentMs} ms`), { code: 'ETIMEDOUT' })), silentMs);
    timer.unref();
  };
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((...args: unknown[]) => {
    if (!timer) watch();
    return write(...args);
  }) as typeof socket.write;
  socket.on('data', (chunk: Buffer) => (endsWithReadyForQuery(chunk) ? stop() : timer && watch()));
  socket.once('close', stop);
  return socket;
}
