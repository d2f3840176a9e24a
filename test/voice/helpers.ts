import { startWorkers } from '../../src/workers/start-workers';
import { jsonRequest, startTestService, type TestService } from '../support/runtime';

/** A test service with workers on the `voice` queue, as every synthesis test needs. */
export async function startVoiceService(): Promise<{ svc: TestService; close(): Promise<void> }> {
  const svc = await startTestService();
  const workers = await startWorkers(svc.rt, { queues: ['voice'] });
  return {
    svc,
    close: async () => {
      await workers.close(5_000);
      await svc.close();
    },
  };
}

export interface SpokenWord {
  word: string;
  start: number;
  end: number;
}

/** `POST /v1/voice/synthesize`'s answer. */
export interface Spoken {
  id: string;
  audio_url: string;
  format: string;
  content_type: string;
  duration_seconds: number;
  words?: SpokenWord[];
  created_at: string;
}

/** A synthesis through the API, waited for; anything but 200 fails the test with the answer. */
export async function synthesize(svc: TestService, auth: Record<string, string>, body: object): Promise<Spoken> {
  const res = await svc.app.request('/v1/voice/synthesize', jsonRequest(body, auth));
  const json = await res.json();
  if (res.status !== 200) throw new Error(`synthesize answered ${res.status}: ${JSON.stringify(json)}`);
  return json as Spoken;
}

/** A signed CDN link fetched through the app, as a client would follow it. */
export async function fetchCdn(svc: TestService, url: string, headers: Record<string, string> = {}): Promise<Response> {
  const u = new URL(url);
  return svc.app.request(u.pathname + u.search, { headers });
}
