import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openAIRefusal, sendOpenAIError } from './fake-openai';

/** What a fake API received: tests assert on it. */
export interface FakeCall<B> {
  path: string;
  authorization: string | undefined;
  body: B;
}

export interface FakeApi {
  /** `http://127.0.0.1:<port>/v1`, as providers take it. */
  baseUrl: string;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A loopback stand-in for an OpenAI-compatible server: a POST to `/v1{path}` has its JSON body read and is
 * handed to `answer`; `other` may serve further routes (returning true when it did); anything else is 404.
 * A request to one of the paths OpenAI's API serves is first held to OpenAI's rules (fake-openai.ts):
 * what api.openai.com refuses, this answers with its 400 and error body, and `answer` never sees it.
 */
export async function startFakeApi<B = Record<string, unknown>>(
  path: string,
  answer: (call: FakeCall<B>, res: ServerResponse) => void,
  other?: (req: IncomingMessage, res: ServerResponse) => boolean,
): Promise<FakeApi> {
  const server = createServer((req, res) => {
    if (other?.(req, res)) return;
    if (req.method !== 'POST' || req.url !== `/v1${path}`) {
      res.writeHead(404).end();
      return;
    }
    void readJson(req).then((body) => {
      const refusal = openAIRefusal(path, req.headers, body);
      if (refusal) return sendOpenAIError(res, refusal);
      answer({ path: req.url ?? '', authorization: req.headers.authorization, body: body as B }, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
}

/** A port that was just free and is closed again: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
