import { createHash } from 'node:crypto';
import { buildZip, deploymentLog, waitForPublished, type SiteFile } from '../lib/hosting';
import { payload } from '../lib/payloads';
import { stats } from '../lib/report';
import type { BenchContext, Scenario, ScenarioOutput, Timing } from '../lib/types';

const FILES = 10_000;
const RUNS = 3;
const POLL_MS = 20;
const SITE = 'bench-digests';
/** The CLI's UPLOAD_CONCURRENCY. */
const UPLOADS_AT_ONCE = 8;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** 10,000 small distinct files (~0.5–1.5 KB) in 100 folders; `changed` alters one page's text. */
function siteFiles(changed: string): SiteFile[] {
  const files: SiteFile[] = [{ path: 'index.html', data: Buffer.from(`<!doctype html><title>digests</title><h1>${changed}</h1>\n`) }];
  for (let i = 1; files.length < FILES; i++) {
    const body = payload(`digests:${i}`, 256 + ((i * 131) % 512)).toString('hex');
    files.push({ path: `pages/p${i % 100}/page-${i}.html`, data: Buffer.from(`<!doctype html><title>Page ${i}</title><p>${body}</p>\n`) });
  }
  return files;
}

const auth = (ctx: BenchContext) => ({ authorization: `Bearer ${ctx.apiKey}` });

async function answer(res: Response, what: string, status: number): Promise<any> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/** The whole site as one uploaded archive (multipart), create → published. */
async function deployArchive(ctx: BenchContext, zip: Buffer): Promise<number> {
  const t0 = performance.now();
  const form = new FormData();
  form.append('site_id', SITE);
  form.append('file', new Blob([new Uint8Array(zip)]), 'site.zip');
  const d = await answer(
    await fetch(`${ctx.apiUrl}/v1/hosting/deployments`, { method: 'POST', headers: auth(ctx), body: form, signal: AbortSignal.timeout(120_000) }),
    'archive upload',
    201,
  );
  await waitForPublished(ctx, d.id, POLL_MS);
  return (performance.now() - t0) / 1000;
}

/** The manifest, then only the contents the answer requires, create → published. */
async function deployDigests(ctx: BenchContext, files: SiteFile[]): Promise<{ s: number; required: number; id: string }> {
  const t0 = performance.now();
  const byHash = new Map(files.map((f) => [sha256(f.data), f.data]));
  const manifest = Object.fromEntries(files.map((f) => [f.path, sha256(f.data)]));
  const d = await answer(
    await fetch(`${ctx.apiUrl}/v1/hosting/deployments`, {
      method: 'POST',
      headers: { ...auth(ctx), 'content-type': 'application/json' },
      body: JSON.stringify({ site_id: SITE, files: manifest }),
      signal: AbortSignal.timeout(60_000),
    }),
    'digest deploy',
    201,
  );
  // As the CLI uploads: UPLOAD_CONCURRENCY at a time.
  const queue = [...(d.required as string[])];
  const worker = async () => {
    for (let hash = queue.shift(); hash !== undefined; hash = queue.shift()) {
      await answer(
        await fetch(`${ctx.apiUrl}/v1/hosting/deployments/${d.id}/files/${hash}`, {
          method: 'PUT',
          headers: { ...auth(ctx), 'content-type': 'application/octet-stream' },
          body: new Uint8Array(byHash.get(hash)!),
          signal: AbortSignal.timeout(60_000),
        }),
        `upload of ${hash}`,
        200,
      );
    }
  };
  await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, worker));
  await waitForPublished(ctx, d.id, POLL_MS);
  return { s: (performance.now() - t0) / 1000, required: d.required.length, id: d.id };
}

/**
 * A 10,000-file site redeployed with one page changed: as a whole uploaded archive, and by digests
 * (manifest → the one changed content → published), alternating in the same run so the ratio compares
 * like with like. The account already holds every other content from the first (archive) deploy.
 */
export const hostingDigests: Scenario = {
  name: 'hosting: redeploy of a 10,000-file site with one file changed, digests vs archive',
  kind: 'group',
  description: 'create → published: manifest + one upload vs the whole site as an uploaded zip',
  async run(ctx): Promise<ScenarioOutput> {
    const seed = await buildZip(siteFiles('seed'));
    ctx.say(`${FILES} files, ~${Math.round(seed.length / 1024)} KiB as a zip; first deploy by digests (every content uploaded)`);
    let failure: string | undefined;
    const archive: number[] = [];
    const digests: number[] = [];
    const first: number[] = [];
    try {
      const f = await deployDigests(ctx, siteFiles('seed'));
      if (f.required !== FILES) throw new Error(`the first digest deploy required ${f.required} contents, not ${FILES}`);
      first.push(f.s);
      ctx.say(`first deploy by digests: ${f.s.toFixed(2)} s`);
      for (let run = 1; run <= RUNS; run++) {
        archive.push(await deployArchive(ctx, await buildZip(siteFiles(`archive-${run}`))));
        const d = await deployDigests(ctx, siteFiles(`digests-${run}`));
        if (d.required !== 1) throw new Error(`the digest deploy required ${d.required} contents, not 1\n${await deploymentLog(ctx, d.id)}`);
        digests.push(d.s);
        ctx.say(`run ${run}: archive ${archive.at(-1)!.toFixed(2)} s, digests ${d.s.toFixed(3)} s`);
      }
    } catch (err) {
      failure = (err as Error).message.split('\n')[0];
      ctx.say(`FAILED: ${(err as Error).message}`);
    }
    const ratio = stats(archive).median / stats(digests).median;
    if (!failure) ctx.say(`median archive ${stats(archive).median.toFixed(2)} s, digests ${stats(digests).median.toFixed(3)} s: ${ratio.toFixed(1)}× faster`);
    const timings: Timing[] = [
      {
        label: 'hosting: 10,000-file redeploy, one file changed, by digests',
        description: `${RUNS} runs: POST the manifest (10,000 paths), PUT the one required content, poll until published`,
        samplesS: digests,
        ok: failure === undefined && digests.length === RUNS,
        note: failure ?? `${ratio.toFixed(1)}× faster than the whole archive`,
        targets: [{ stat: 'median', op: '<', value: 1 }],
      },
      {
        label: '  same site as a whole uploaded zip',
        description: `${RUNS} runs in between: the 10,000 files as one multipart upload, create → published`,
        samplesS: archive,
        ok: failure === undefined && archive.length === RUNS,
      },
      {
        label: '  first deploy of the site by digests',
        description: `before the runs: the manifest, then all ${FILES} contents uploaded ${UPLOADS_AT_ONCE} at a time, create → published`,
        samplesS: first,
        ok: first.length === 1,
      },
    ];
    return { rows: [], timings };
  },
};
