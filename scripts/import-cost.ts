/**
 * What importing a module costs, split over Kiln's modules and the packages they pull in.
 *
 *   node --import tsx scripts/import-cost.ts [entry.ts ...] [--runs N] [--top N] [--why text] [--already pkg]
 *
 * Entries default to what an integration test file imports (test/support/runtime.ts). `--why text` prints
 * the chain of imports that brings in the first module whose path contains the text. `--already pkg`
 * imports a package before timing starts (repeatable; `vitest` by default, as a test file finds it loaded).
 *
 * How, so the figures can be trusted: a first child process imports the entries with a resolve hook that
 * records which module imports which (only imports that really run: `import type` is erased, lazy
 * `import()` calls are not made). Then each measuring run, in a fresh child process without that hook,
 * imports the graph bottom-up (a module only after everything it imports), timing each `import()`. So the
 * time charged to a module is its own cost: reading, transforming (tsx, warm cache after the first
 * process) and evaluating it, and for a package everything inside it that Kiln had not loaded yet. The
 * charges add up to the whole import. "cumulative" is the sum over a module and everything it imports:
 * about what importing it alone costs. Figures are medians over the runs; on a busy machine compare
 * ratios measured in one session rather than absolute times.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const DEFAULT_ENTRIES = ['test/support/runtime.ts'];

interface Graph {
  /** Modules in the order they were first resolved, each with what it imports. */
  edges: Record<string, string[]>;
  roots: string[];
}

interface Options {
  entries: string[];
  runs: number;
  top: number;
  why: string[];
  already: string[];
}

function parseArgs(argv: string[]): Options {
  const options: Options = { entries: [], runs: 5, top: 25, why: [], already: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--runs') options.runs = Number(argv[++i]);
    else if (arg === '--top') options.top = Number(argv[++i]);
    else if (arg === '--why') options.why.push(argv[++i]!);
    else if (arg === '--already') options.already.push(argv[++i]!);
    else options.entries.push(arg);
  }
  if (options.entries.length === 0) options.entries = DEFAULT_ENTRIES;
  if (options.already.length === 0) options.already = ['vitest'];
  return options;
}

// A package's own internals are its business: only edges leaving Kiln's files are followed.
const isPackage = (url: string) => url.includes('/node_modules/');
const isKiln = (url: string) => url.startsWith('file:') && !isPackage(url);

/** "@aws-sdk/client-s3" for any file inside it. */
function packageOf(url: string): string {
  const tail = url.slice(url.lastIndexOf('/node_modules/') + '/node_modules/'.length).split('/');
  return tail[0]!.startsWith('@') ? `${tail[0]}/${tail[1]}` : tail[0]!;
}

function label(url: string): string {
  if (isPackage(url)) {
    const inside = url.slice(url.lastIndexOf('/node_modules/') + '/node_modules/'.length);
    return `${packageOf(url)} (${inside.slice(packageOf(url).length + 1)})`;
  }
  return url.startsWith('file:') ? relative(ROOT, fileURLToPath(url)) : url;
}

// Runs in the child: records resolutions made on behalf of Kiln's files, and which modules were loaded
// (`import.meta.resolve` resolves without loading, so a resolution alone is not an import).
const RECORDER_HOOKS = `
export async function initialize({ port }) { globalThis.__port = port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const parent = context.parentURL;
  if (parent && parent.startsWith('file:') && !parent.includes('/node_modules/') && result.url.startsWith('file:')) {
    globalThis.__port.postMessage(['edge', parent, result.url]);
  }
  return result;
}
export async function load(url, context, next) {
  globalThis.__port.postMessage(['load', url]);
  return next(url, context);
}
`;

const RECORDER_MAIN = `
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { hooksUrl, roots, already } = JSON.parse(process.argv[2]);
for (const name of already) await import(name);
const { port1, port2 } = new MessageChannel();
const edges = {};
const loaded = new Set();
port1.on('message', ([kind, a, b]) => {
  if (kind === 'load') return void loaded.add(a);
  (edges[a] ??= []);
  if (!edges[a].includes(b)) edges[a].push(b);
});
port1.unref();
register(hooksUrl, { data: { port: port2 }, transferList: [port2] });
for (const root of roots) await import(root);
// Let the last messages from the hooks thread arrive.
await new Promise((r) => setTimeout(r, 200));
for (const parent of Object.keys(edges)) edges[parent] = edges[parent].filter((child) => loaded.has(child));
process.stdout.write('\\n@@GRAPH@@' + JSON.stringify(edges));
process.exit(0);
`;

const MEASURE_MAIN = `
import { performance } from 'node:perf_hooks';
const { order, already } = JSON.parse(process.argv[2]);
for (const name of already) await import(name);
const times = {};
const start = performance.now();
for (const url of order) {
  const t = performance.now();
  await import(url);
  times[url] = performance.now() - t;
}
times['@@total'] = performance.now() - start;
process.stdout.write('\\n@@TIMES@@' + JSON.stringify(times));
process.exit(0);
`;

function runChild(script: string, arg: unknown, marker: string): unknown {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-import-cost-'));
  const file = join(dir, 'main.mjs');
  writeFileSync(file, script);
  const out = execFileSync(process.execPath, ['--import', 'tsx', file, JSON.stringify(arg)], {
    cwd: ROOT,
    // Importing must not need services: nothing connects at import time. Keep the logs quiet.
    env: { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const at = out.lastIndexOf(marker);
  if (at < 0) throw new Error(`child printed no ${marker}`);
  return JSON.parse(out.slice(at + marker.length));
}

function discover(roots: string[], already: string[]): Graph {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-import-hooks-'));
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(hooks, RECORDER_HOOKS);
  const edges = runChild(RECORDER_MAIN, { hooksUrl: pathToFileURL(hooks).href, roots, already }, '@@GRAPH@@') as Graph['edges'];
  return { edges, roots };
}

/** Bottom-up: each module after what it imports (a cycle is entered at its first module). */
function importOrder(graph: Graph): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    if (isKiln(url)) for (const child of graph.edges[url] ?? []) visit(child);
    order.push(url);
  };
  for (const root of graph.roots) visit(root);
  return order;
}

/** The first chain of imports from a root to a module whose label contains `text`. */
function whyImported(graph: Graph, text: string): string[] | null {
  const seen = new Set<string>();
  const search = (url: string, chain: string[]): string[] | null => {
    if (seen.has(url)) return null;
    seen.add(url);
    const here = [...chain, label(url)];
    if (label(url).includes(text)) return here;
    if (!isKiln(url)) return null;
    for (const child of graph.edges[url] ?? []) {
      const found = search(child, here);
      if (found) return found;
    }
    return null;
  };
  for (const root of graph.roots) {
    const found = search(root, []);
    if (found) return found;
  }
  return null;
}

function closure(graph: Graph, url: string, into = new Set<string>()): Set<string> {
  if (into.has(url)) return into;
  into.add(url);
  if (isKiln(url)) for (const child of graph.edges[url] ?? []) closure(graph, child, into);
  return into;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const ms = (value: number) => `${value.toFixed(0).padStart(7)} ms`;
const share = (value: number, total: number) => `${((100 * value) / total).toFixed(1).padStart(5)} %`;

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const roots = options.entries.map((entry) => pathToFileURL(resolve(ROOT, entry)).href);
  // The children run from a temporary directory: hand them URLs, not names to resolve.
  const already = options.already.map((name) => import.meta.resolve(name));
  const graph = discover(roots, already);
  const order = importOrder(graph);

  const samples = new Map<string, number[]>();
  for (let run = 0; run < options.runs; run++) {
    const times = runChild(MEASURE_MAIN, { order, already }, '@@TIMES@@') as Record<string, number>;
    for (const [url, time] of Object.entries(times)) samples.set(url, [...(samples.get(url) ?? []), time]);
  }
  const self = new Map(order.map((url) => [url, median(samples.get(url)!)]));
  const total = median(samples.get('@@total')!);

  const kiln = order.filter(isKiln);
  const packages = order.filter(isPackage);
  const byPackage = new Map<string, number>();
  for (const url of packages) byPackage.set(packageOf(url), (byPackage.get(packageOf(url)) ?? 0) + self.get(url)!);
  const kilnSelf = kiln.reduce((sum, url) => sum + self.get(url)!, 0);
  const cumulative = kiln.map((url) => {
    let sum = 0;
    for (const member of closure(graph, url)) sum += self.get(member) ?? 0;
    return [url, sum] as const;
  });

  console.log(`entries: ${options.entries.join(', ')} (already loaded, not counted: ${options.already.join(', ')})`);
  console.log(
    `${options.runs} runs, medians. whole import ${ms(total)}; ${kiln.length} Kiln modules ${ms(kilnSelf)}, ` +
      `${byPackage.size} packages ${ms(total - kilnSelf)} (builtins and the rest)`,
  );

  console.log(`\nPackages by own cost (what Kiln had not already loaded)`);
  for (const [name, time] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, options.top)) {
    console.log(`${ms(time)} ${share(time, total)}  ${name}`);
  }

  console.log(`\nModules by self cost (a package counts as one module)`);
  for (const url of [...order].sort((a, b) => self.get(b)! - self.get(a)!).slice(0, options.top)) {
    console.log(`${ms(self.get(url)!)} ${share(self.get(url)!, total)}  ${label(url)}`);
  }

  console.log(`\nKiln modules by cumulative cost (itself and everything it imports)`);
  for (const [url, time] of [...cumulative].sort((a, b) => b[1] - a[1]).slice(0, options.top)) {
    console.log(`${ms(time)} ${share(time, total)}  ${label(url)}`);
  }

  for (const text of options.why) {
    const chain = whyImported(graph, text);
    console.log(`\nwhy ${text}: ${chain ? chain.join('\n  → ') : 'not imported'}`);
  }
}

main();
