import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ApiClient } from './api';
import { type Deployment, FINISHED, followLog, formatLine, type LogLine } from './build-log';
import { deployFolder } from './deploy';
import { ClientError, EXIT, usageError } from './errors';
import { createProgress } from './progress';
import { configPath, readConfig, resolveSettings, type Settings, writeConfig } from './settings';
import { USAGE } from './usage';

/**
 * The client CLI: `kiln deploy|deployments|rollback|logs|login|logout|help`. A client of the public API only:
 * this tree imports node builtins and its own modules, never the server's (test/client-cli/imports.unit.test.ts).
 */

const OPTIONS = {
  site: { type: 'string' },
  preview: { type: 'boolean' },
  message: { type: 'string' },
  limit: { type: 'string' },
  follow: { type: 'boolean', short: 'f' },
  key: { type: 'string' },
  'api-url': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Flags = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

interface Io {
  json: boolean;
  /** Lines for people: stdout, or stderr under --json so stdout stays one object. */
  say(text: string): void;
}

async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const json = argv.includes('--json');
  const io: Io = { json, say: (t) => (json ? process.stderr : process.stdout).write(`${t}\n`) };
  try {
    const { values: flags, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    const [command, ...args] = positionals;
    if (!command || command === 'help' || flags.help) {
      process.stdout.write(USAGE);
      return EXIT.ok;
    }
    const path = configPath(env);
    const settings = resolveSettings(flags['api-url'], env, await readConfig(path), path);
    const api = new ApiClient(settings.apiUrl, settings.apiKey, undefined, (what, ms) =>
      process.stderr.write(`kiln: ${what}; trying again in ${(ms / 1000).toFixed(1)} s\n`),
    );
    const result = await run(command, args, flags, settings, api, io, env);
    if (json) process.stdout.write(`${JSON.stringify(result.json)}\n`);
    return result.exit;
  } catch (err) {
    const e = asClientError(err);
    if (json) process.stdout.write(`${JSON.stringify({ error: { code: e.code, message: e.message } })}\n`);
    process.stderr.write(`kiln: ${e.message}\n`);
    if (e.exit === EXIT.usage && e.code === 'invalid_usage') process.stderr.write('Run kiln help for the commands and options.\n');
    return e.exit;
  }
}

function asClientError(err: unknown): ClientError {
  if (err instanceof ClientError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) return usageError((err as Error).message);
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES') return new ClientError('invalid_usage', (err as Error).message, EXIT.usage);
  return new ClientError('failed', err instanceof Error ? err.message : String(err), EXIT.failed);
}

interface Outcome {
  json: unknown;
  exit: number;
}

function only(args: string[], n: number, what: string): string[] {
  if (args.length !== n) throw usageError(n === 0 ? `unexpected argument ${args[0]}` : `expected ${what}`);
  return args;
}

function need(value: string | undefined, what: string): string {
  if (!value?.trim()) throw usageError(`${what} is required`);
  return value.trim();
}

async function run(command: string, args: string[], flags: Flags, settings: Settings, api: ApiClient, io: Io, env: NodeJS.ProcessEnv): Promise<Outcome> {
  switch (command) {
    case 'login': {
      only(args, 0, '');
      const key = flags.key?.trim() || (await readKey());
      if (!key) throw usageError('no key given: kiln login --key KEY, or type or pipe it in');
      // Checked before it is stored: a typo is caught now, not at the next deploy.
      await new ApiClient(settings.apiUrl, key).call('GET', '/hosting/deployments?limit=1');
      await writeConfig(settings.configPath, { api_url: settings.apiUrl, api_key: key });
      io.say(`Logged in to ${settings.apiUrl}; the key is stored in ${settings.configPath}`);
      if (settings.keyFrom === 'KILN_API_KEY') io.say('Note: KILN_API_KEY is set and wins over the stored key.');
      return { json: { api_url: settings.apiUrl, config_path: settings.configPath }, exit: EXIT.ok };
    }
    case 'logout': {
      only(args, 0, '');
      const stored = await readConfig(settings.configPath);
      const had = stored.api_key !== undefined;
      delete stored.api_key;
      if (had) await writeConfig(settings.configPath, stored);
      io.say(had ? `Forgot the key stored in ${settings.configPath}` : 'No key was stored.');
      return { json: { logged_out: had }, exit: EXIT.ok };
    }
    case 'deploy': {
      const [dir] = only(args, 1, 'the folder to deploy: kiln deploy DIR --site SITE');
      const siteId = need(flags.site ?? env.KILN_SITE, '--site');
      const progress = createProgress(process.stderr, !io.json);
      const out = await deployFolder(
        api,
        { dir: resolve(dir!), siteId, environment: flags.preview ? 'preview' : 'production', message: flags.message },
        { note: io.say, progress, logLine: (l) => io.say(formatLine(l)) },
      );
      const d = out.deployment;
      if (d.status === 'published') io.say(`Published ${d.id}: ${d.url ?? '(no URL)'}`);
      else io.say(`Deployment ${d.id} ${d.status}${d.error ? `: ${d.error}` : ''}`);
      return {
        json: {
          deployment: d,
          files: out.files,
          uploaded: out.uploaded,
          uploaded_bytes: out.uploadedBytes,
          left_out: out.left,
          timings_ms: Object.fromEntries(Object.entries(out.timings).map(([k, v]) => [k.replace(/Ms$/, ''), Math.round(v)])),
        },
        exit: d.status === 'published' ? EXIT.ok : EXIT.failed,
      };
    }
    case 'deployments': {
      only(args, 0, '');
      const q = new URLSearchParams();
      const site = flags.site ?? env.KILN_SITE;
      if (site) q.set('site_id', site.trim());
      if (flags.limit !== undefined) {
        const n = Number(flags.limit);
        if (!Number.isInteger(n) || n < 1 || n > 100) throw usageError('--limit must be a whole number from 1 to 100');
        q.set('limit', String(n));
      }
      const page = await api.call<{ data: Deployment[]; has_more: boolean }>('GET', `/hosting/deployments${q.size ? `?${q}` : ''}`, { retry: true });
      if (!io.json) {
        if (page.data.length === 0) io.say('(no deployments)');
        for (const d of page.data)
          io.say(`${d.id}  ${d.site_id}  ${d.environment.padEnd(10)}  ${d.status.padEnd(11)}  ${d.created_at}  ${d.url ?? ''}`.trimEnd());
        if (page.has_more) io.say('… more: use --limit');
      }
      return { json: page, exit: EXIT.ok };
    }
    case 'rollback': {
      const [id] = only(args, 1, 'the deployment to make live again: kiln rollback DEPLOYMENT_ID');
      const d = await api.call<Deployment>('POST', `/hosting/deployments/${encodeURIComponent(id!)}/rollback`);
      io.say(`${d.id} is live again on ${d.site_id} (${d.environment})`);
      return { json: d, exit: EXIT.ok };
    }
    case 'logs': {
      const [id] = only(args, 1, 'the deployment: kiln logs DEPLOYMENT_ID');
      const lines: LogLine[] = [];
      const onLine = (l: LogLine) => {
        lines.push(l);
        io.say(formatLine(l));
      };
      if (flags.follow) {
        const d = await followLog(api, id!, onLine);
        io.say(`Deployment ${d.id} ${d.status}${d.url ? `: ${d.url}` : ''}${d.error ? `: ${d.error}` : ''}`);
        return { json: { id: d.id, status: d.status, lines, deployment: d }, exit: d.status === 'failed' ? EXIT.failed : EXIT.ok };
      }
      const log = await api.call<{ id: string; status: string; lines: LogLine[] }>('GET', `/hosting/deployments/${encodeURIComponent(id!)}/logs`, {
        retry: true,
      });
      for (const l of log.lines) onLine(l);
      if (!FINISHED.has(log.status)) io.say(`(${log.status}: kiln logs ${log.id} --follow to wait for the rest)`);
      return { json: log, exit: EXIT.ok };
    }
    default:
      throw usageError(`unknown command ${command}`);
  }
}

/** The key from stdin: a prompt that does not echo on a terminal, the first line of a pipe otherwise. */
async function readKey(): Promise<string> {
  const stdin = process.stdin;
  if (stdin.isTTY) {
    process.stderr.write('API key: ');
    const muted = new Writable({ write: (_c, _e, cb) => cb() });
    const rl = createInterface({ input: stdin, output: muted, terminal: true });
    const line = await new Promise<string>((r) => rl.once('line', r));
    rl.close();
    process.stderr.write('\n');
    return line.trim();
  }
  let text = '';
  for await (const chunk of stdin) text += chunk;
  return text.split(/\r?\n/)[0]!.trim();
}

process.exitCode = await main(process.argv.slice(2), process.env);
