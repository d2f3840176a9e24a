import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge, type EdgeServers } from '../../src/hosting/edge/edge-server';
import { startTestService, type TestService } from '../support/runtime';

let svc: TestService;
let edge: EdgeServers;
beforeAll(async () => {
  svc = await startTestService({ HOSTING_DOMAIN: 'kiln.test' });
  edge = await startEdge(svc.rt, { http: 0, https: 0 });
});
afterAll(async () => {
  await edge.close();
  await svc.close();
});

/** Sends `head` as is over a raw socket (Node's http client will not send two Host headers) and returns the whole answer. */
function rawRequest(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('edge Host header', () => {
  it('refuses a request with two Host headers with 400', async () => {
    const answer = await rawRequest(edge.httpPort, 'GET / HTTP/1.1\r\nHost: nosuchsite.kiln.test\r\nHost: other.kiln.test\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('more than one Host header');
  });

  it('still answers a request with one Host header', async () => {
    const answer = await rawRequest(edge.httpPort, 'GET / HTTP/1.1\r\nHost: nosuchsite.kiln.test\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).toContain('No site here');
  });
});
