import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema';
import { spawnKiln } from '../support/processes';
import { until } from '../support/until';
import { createTestAccount, jsonRequest, startTestService, testConfig, testEnv } from '../support/runtime';

const SENTENCES = [
  'The harbour lights came on one by one as the evening settled over the town.',
  'A fisherman counted his nets twice before he trusted the number.',
  'Nobody on the pier remembered a quieter night in the whole of that year.',
  'Far out at sea, a freighter turned slowly towards the southern channel.',
];
/** ~200,000 characters of running text: minutes of work for the built-in speech engine. */
const LONG_TEXT = Array.from({ length: 2_800 }, (_, i) => SENTENCES[i % SENTENCES.length]).join(' ');

describe('the single-process service stays responsive during heavy engine work', () => {
  it(
    'answers every /healthz and job poll while a 200,000-character synthesis runs on an engine thread, and still shuts down cleanly',
    async () => {
      expect(LONG_TEXT.length).toBeGreaterThan(200_000);
      // Only the voice queue: the maintenance sweeps would take other files' unfinished rows on the shared database.
      const env = testEnv({ PORT: '0', LOG_LEVEL: 'info', ENGINE_THREADS: '1', SYNC_TIMEOUT_MS: '500', SHUTDOWN_TIMEOUT_MS: '2000', WORKER_QUEUES: 'voice' });
      const svc = await startTestService({}, testConfig(env));
      const proc = spawnKiln('all', env);
      try {
        const port = JSON.parse(await proc.waitForLine(/"API listening"/, 5 * 60_000)).port as number;
        const base = `http://127.0.0.1:${port}`;
        const { auth } = await createTestAccount(svc.rt);
        const submitted = await fetch(`${base}/v1/voice/synthesize`, jsonRequest({ text: LONG_TEXT }, auth));
        expect(submitted.status).toBe(202);
        const id = ((await submitted.json()) as { id: string }).id;
        await until(
          'the synthesis to start',
          async () => (await svc.rt.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.status === 'running',
          120_000,
        );

        // One probe at a time while the engine thread speaks, until its progress has been logged (the
        // synthesis is truly under way) and a good number of probes have been answered. Each probe has a
        // generous deadline that only catches a hang: latency is measured by `npm run bench`, not asserted.
        const answers: number[] = [];
        const deadline = Date.now() + 10 * 60_000;
        while (answers.length < 100 || !proc.output().includes('"synthesising"')) {
          if (Date.now() > deadline) throw new Error(`no synthesis progress within 10 minutes; output:\n${proc.output().slice(-3000)}`);
          const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(60_000) });
          answers.push(res.status);
          await res.arrayBuffer();
        }
        expect(answers.every((s) => s === 200)).toBe(true);
        // Still running: every probe above overlapped the synthesis.
        expect((await svc.rt.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]!.status).toBe('running');
        const api = await fetch(`${base}/v1/jobs/${id}`, { headers: auth, signal: AbortSignal.timeout(60_000) });
        expect(api.status).toBe(202);

        // Shutting down with the engine thread mid-task still ends cleanly.
        proc.child.kill('SIGTERM');
        expect((await proc.exited).code, proc.output().slice(-3000)).toBe(0);
      } finally {
        proc.child.kill('SIGKILL');
        await svc.close();
      }
    },
    20 * 60_000,
  );
});
