import { archiveServer, buildZip, createDeployment, deploymentLog, waitForPublished, type SiteFile } from '../lib/hosting';
import { payload } from '../lib/payloads';
import { stats } from '../lib/report';
import type { BenchContext, Scenario, ScenarioOutput, Timing } from '../lib/types';

const FILES = 1_000;
const RUNS = 5;
const SAME_CONTENT_RUNS = 3;
const POLL_MS = 20;

/**
 * 1,000 small distinct files (~1–5 KB) in a few folders, as a site generator would emit them. Every file
 * carries `variant`, so archives of different variants share no file and content-addressed dedupe
 * cannot skip any store.
 */
function siteFiles(variant: string): SiteFile[] {
  const files: SiteFile[] = [];
  const kinds = [
    {
      dir: 'pages',
      ext: 'html',
      wrap: (i: number, body: string) =>
        `<!doctype html>\n<html><head><meta charset="utf-8"><title>Page ${i} (${variant})</title><link rel="stylesheet" href="/css/style-${i}.css"></head>\n<body><h1>Page ${i}</h1>\n<p>${body}</p>\n<script src="/js/app-${i}.js"></script></body></html>\n`,
    },
    {
      dir: 'css',
      ext: 'css',
      wrap: (i: number, body: string) =>
        `/* ${variant} style ${i} */\n.c${i} { color: #${((i * 2654435761) % 0xffffff).toString(16).padStart(6, '0')}; }\n.c${i}::after { content: "${body}"; }\n`,
    },
    {
      dir: 'js',
      ext: 'js',
      wrap: (i: number, body: string) =>
        `// ${variant} script ${i}\nexport const data${i} = ${JSON.stringify(body)};\nconsole.log('page ${i}', data${i}.length);\n`,
    },
  ];
  files.push({ path: 'index.html', data: Buffer.from(`<!doctype html><meta charset="utf-8"><title>${variant}</title><h1>Bench site ${variant}</h1>\n`) });
  for (let i = 0; files.length < FILES; i++) {
    const kind = kinds[i % kinds.length]!;
    const n = Math.floor(i / kinds.length);
    const size = 1024 + ((i * 1237) % 4096);
    // Hex text: ASCII like real pages, roughly 2:1 compressible, distinct per file and variant.
    const body = payload(`${variant}:${i}`, Math.ceil(size / 2))
      .toString('hex')
      .slice(0, size);
    files.push({ path: `${kind.dir}/${kind.dir.slice(0, 1)}${Math.floor(n / 100)}/${kind.ext}-${n}.${kind.ext}`, data: Buffer.from(kind.wrap(n, body)) });
  }
  return files;
}

interface RunTiming {
  totalS: number;
  phases: Record<Phase, number>;
}

const PHASES = [
  'queue wait (created → build started)',
  'download',
  'extract + store 1,000 files',
  'manifest + publish',
  'seen by the poller (published → observed)',
] as const;
type Phase = (typeof PHASES)[number];

/** Splits one deployment's time by its build log (DB clock, same machine). */
async function phasesOf(ctx: BenchContext, id: string, createdAt: string, observedAtMs: number): Promise<Record<Phase, number> | null> {
  const log = await deploymentLog(ctx, id);
  const at = (re: RegExp) => {
    const line = log.split('\n').find((l) => re.test(l));
    return line ? Date.parse(line.split(' ')[0]!) : NaN;
  };
  const started = at(/ Build started/);
  const downloading = at(/ Downloading /);
  const downloaded = at(/ Downloaded /);
  const extracted = at(/ Extracted /);
  const published = at(/ Published /);
  if ([started, downloading, downloaded, extracted, published].some(Number.isNaN)) return null;
  return {
    'queue wait (created → build started)': (started - Date.parse(createdAt)) / 1000,
    download: (downloaded - downloading) / 1000,
    'extract + store 1,000 files': (extracted - downloaded) / 1000,
    'manifest + publish': (published - extracted) / 1000,
    'seen by the poller (published → observed)': (observedAtMs - published) / 1000,
  };
}

async function deployOnce(ctx: BenchContext, siteId: string, sourceUrl: string): Promise<RunTiming> {
  const t0 = performance.now();
  const d = await createDeployment(ctx, siteId, sourceUrl);
  await waitForPublished(ctx, d.id, POLL_MS);
  const totalS = (performance.now() - t0) / 1000;
  const phases = await phasesOf(ctx, d.id, d.created_at, Date.now());
  return { totalS, phases: phases ?? (Object.fromEntries(PHASES.map((p) => [p, NaN])) as Record<Phase, number>) };
}

/**
 * Create → published for a 1,000-file archive, as a user sees it: POST, then GET every 20 ms until the
 * status is `published`. Each run is a new site with content no earlier run had; a second series
 * redeploys the first archive to new sites (every blob already stored) to show what dedupe saves.
 */
export const hostingPublish: Scenario = {
  name: 'hosting: create → published, 1,000-file zip',
  kind: 'group',
  description: 'time from POST /v1/hosting/deployments to status published, polled every 20 ms',
  async run(ctx): Promise<ScenarioOutput> {
    const archives = await archiveServer(ctx);
    const urls: string[] = [];
    let archiveBytes = 0;
    for (let run = 1; run <= RUNS; run++) {
      const zip = await buildZip(siteFiles(`run-${run}`));
      archiveBytes = zip.length;
      urls.push(archives.add(`site-1000-run-${run}.zip`, zip));
    }
    ctx.say(`${RUNS} archives of ${FILES} files, ~${Math.round(archiveBytes / 1024)} KiB each (zip, deflated)`);

    const distinct: RunTiming[] = [];
    let failure: string | undefined;
    try {
      for (let run = 1; run <= RUNS; run++) {
        distinct.push(await deployOnce(ctx, `bench-pub-${run}`, urls[run - 1]!));
        ctx.say(`run ${run}: ${distinct[run - 1]!.totalS.toFixed(2)} s`);
      }
    } catch (err) {
      failure = (err as Error).message.split('\n')[0];
      ctx.say(`FAILED: ${(err as Error).message}`);
    }
    const same: RunTiming[] = [];
    if (!failure) {
      for (let run = 1; run <= SAME_CONTENT_RUNS; run++) same.push(await deployOnce(ctx, `bench-pub-same-${run}`, urls[0]!));
    }

    const timings: Timing[] = [
      {
        label: 'hosting: create → published, 1,000 new files',
        description: `${RUNS} deployments of ${FILES} files (~1–5 KB, 3 folders), each to a new site with content no other run has`,
        samplesS: distinct.map((r) => r.totalS),
        ok: failure === undefined && distinct.length === RUNS,
        note: failure,
        targets: [
          { stat: 'median', op: '<', value: 3 },
          { stat: 'max', op: '<', value: 3 },
        ],
      },
      {
        label: '  same, content already stored (dedupe)',
        description: `the first archive again, to ${SAME_CONTENT_RUNS} new sites: every blob exists, so no file is written`,
        samplesS: same.map((r) => r.totalS),
        ok: failure === undefined,
      },
    ];
    for (const phase of PHASES) {
      const samples = distinct.map((r) => r.phases[phase]).filter((n) => Number.isFinite(n));
      timings.push({ label: `  ${phase}`, description: `new-content runs, from the build log`, samplesS: samples, ok: samples.length > 0 });
    }
    const med = stats(distinct.map((r) => r.totalS)).median;
    ctx.say(`median ${med.toFixed(2)} s (new content), ${stats(same.map((r) => r.totalS)).median.toFixed(2)} s (content already stored)`);
    return { rows: [], timings };
  },
};
