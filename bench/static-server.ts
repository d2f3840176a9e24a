import { createServer } from 'node:http';
import { EDGE_FILES } from './lib/payloads';

/**
 * The edge's peer: plain node:http serving the edge scenario's files from memory with only the two
 * headers a static response needs. What serving these bytes costs on this machine with no routing,
 * no lookups and no conditional/range logic. `PORT` is required.
 */
const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('static-server: set PORT\n');
  process.exit(2);
}

const files = new Map(Object.entries(EDGE_FILES).map(([path, make]) => [path, make()]));
const server = createServer((req, res) => {
  const buf = files.get(req.url ?? '');
  if (!buf) {
    res.writeHead(404, { 'Content-Type': 'text/plain', 'Content-Length': 10 });
    return res.end('not found\n');
  }
  res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': buf.length });
  res.end(buf);
});
server.listen(port, '127.0.0.1', () => process.stdout.write(`static-server listening on ${port}\n`));
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
