import { eventChannels } from './pubsub-channels';
import { parseArgs } from 'node:util';
import { changePlan } from './accounts/change-plan';
import { OPERATOR } from './audit/actor';
import { announceRevocation } from './accounts/principal-cache';
import { ConfigError, loadConfig, type Config } from './config';
import { connectDatabase } from './db/client';
import { databaseProblem } from './db/database-problem';
import { describeScopes, isExpired, KEY_RATE_LIMIT_MAX, parseDuration, parseKeyRateLimit, parseScopes } from './accounts/key-settings';
import { createAccount, findAccount, listAccounts, listApiKeys, PLAN_IDS, type PlanId, type Scope, SCOPES } from './db/queries/accounts';
import { createApiKey, revokeApiKeyAudited } from './accounts/create-api-key';
import * as v from 'valibot';
import { emailField } from './dashboard/form';
import { inviteLink, LinkRefused, passwordResetLink } from './dashboard/links';
import { createMailer } from './dashboard/mailer';
import { listUsers, normalizeEmail } from './db/queries/users';
import { MEMBER_ROLES, type MemberRole } from './db/schema';
import { loadEnvFile } from './load-env-file';
import { addCorpusDocument, CorpusCommandError, importCorpus, listCorpus, removeCorpusDocument } from './plagiarism/corpus-commands';
import { createRedis } from './redis';
import { X509Certificate } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { localCa } from './hosting/certificates';

/**
 * The operator CLI: `npm run -s cli -- <group> <command> [options]` (also the `kiln` bin). With `--json`
 * each command prints exactly one JSON object on stdout, `{"error":{"code","message"}}` when it fails;
 * messages for people go to stderr. Exit codes: 0 done, 1 failed, 2 bad usage or configuration.
 */
const USAGE = `Usage: kiln <command> [options]

  accounts create --name NAME --plan free|pro|business [--rate-limit N] [--key-label LABEL] [--json]
  accounts list [--json]
  accounts set-plan ACCOUNT_ID --plan free|pro|business [--json]
  users invite --account ACCOUNT_ID --email EMAIL [--role owner|member] [--json]
  users list [--account ACCOUNT_ID] [--json]
  users reset-password --email EMAIL [--send] [--json]
  keys create --account ACCOUNT_ID --label LABEL [--scopes text,image,...]
              [--expires-at ISO-8601 | --expires-in 30d|12h|45m] [--rate-limit N] [--json]
  keys list --account ACCOUNT_ID [--json]
  keys revoke KEY_ID [--json]
  corpus add --url URL [--file PATH] [--account ACCOUNT_ID] [--json]
  corpus import --jsonl PATH [--account ACCOUNT_ID] [--json]
  corpus list [--account ACCOUNT_ID] [--json]
  corpus remove DOCUMENT_ID [--account ACCOUNT_ID] [--json]
  ca export [--out FILE] [--json]

  accounts create --key-label: also makes the account's first API key (all scopes, no expiry),
  printed once, as keys create prints it.
  keys: --scopes limits the key to those scopes (${SCOPES.join(', ')}; default: all):
  each product is one, and webhooks (managing webhook endpoints, which receive every product's
  events) is one of its own. --rate-limit gives it its own requests-per-minute limit, below the
  account's.
  users: dashboard sign-ins. invite and reset-password print a one-time link (valid for
  DASHBOARD_LINK_TTL_MS) to hand to the person; reset-password --send also mails it (needs SMTP_URL).
  corpus: the plagiarism reference corpus (public, or private to --account). add and import are
  indexed by a worker running the corpus queue; the command waits for it.
  ca export: the certificate (PEM) of the Kiln Local CA, which signs the edge's certificate for
  HOSTING_DOMAIN (and custom domains' with TLS_ISSUER=local): to stdout, or to --out FILE. Add it to
  the trust store of the machine or browser that opens hosted sites over HTTPS.
`;

class UsageError extends Error {}
/** The reset link was made but the mail server did not take it. */
class MailError extends Error {}
/** Something named on the command line does not exist. */
class NotFoundError extends Error {}

type Flags = {
  name?: string;
  plan?: string;
  'rate-limit'?: string;
  scopes?: string;
  'expires-at'?: string;
  'expires-in'?: string;
  account?: string;
  label?: string;
  'key-label'?: string;
  url?: string;
  file?: string;
  out?: string;
  jsonl?: string;
  email?: string;
  role?: string;
  send?: boolean;
  json?: boolean;
  help?: boolean;
};

function need(flags: Flags, name: keyof Flags): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}

function needPlan(flags: Flags): PlanId {
  const plan = need(flags, 'plan');
  if (!(PLAN_IDS as readonly string[]).includes(plan)) throw new UsageError(`--plan must be one of ${PLAN_IDS.join(', ')}`);
  return plan as PlanId;
}

async function run(argv: string[], config: Config): Promise<object> {
  const { values: flags, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      plan: { type: 'string' },
      'rate-limit': { type: 'string' },
      scopes: { type: 'string' },
      'expires-at': { type: 'string' },
      'expires-in': { type: 'string' },
      account: { type: 'string' },
      label: { type: 'string' },
      'key-label': { type: 'string' },
      url: { type: 'string' },
      file: { type: 'string' },
      out: { type: 'string' },
      jsonl: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      send: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, command, ...rest] = positionals;
  if (flags.help || !group) throw new UsageError('');
  const { db, close } = connectDatabase(config.DATABASE_URL, { max: 1, prepare: config.DATABASE_PREPARE });
  try {
    switch (`${group} ${command}`) {
      case 'accounts create': {
        const plan = needPlan(flags);
        let rateLimit: number | null = null;
        if (flags['rate-limit'] !== undefined) {
          rateLimit = Number(flags['rate-limit']);
          if (!Number.isInteger(rateLimit) || rateLimit < 1) throw new UsageError('--rate-limit must be a whole number of requests per minute, at least 1');
        }
        const name = need(flags, 'name');
        const keyLabel = flags['key-label'] === undefined ? undefined : need(flags, 'key-label');
        // One transaction: an account is never left behind without the key the command was asked for.
        return await db.transaction(async (tx) => {
          const account = await createAccount(tx, { name, planId: plan, rateLimitOverride: rateLimit });
          if (keyLabel === undefined) return { id: account.id, plan: account.planId };
          const key = await createApiKey(tx, { accountId: account.id, label: keyLabel });
          return { id: account.id, plan: account.planId, api_key: { id: key.id, key: key.key, label: key.label, ...keySettings(key) } };
        });
      }
      case 'users invite': {
        const accountId = need(flags, 'account');
        const email = need(flags, 'email');
        if (!v.is(emailField, email)) throw new UsageError(`--email ${JSON.stringify(email)} is not an email address`);
        const role = flags.role ?? 'member';
        if (!(MEMBER_ROLES as readonly string[]).includes(role)) throw new UsageError(`--role must be one of ${MEMBER_ROLES.join(', ')}`);
        if (!(await findAccount(db, accountId))) throw new NotFoundError(`no account ${accountId}`);
        const link = await inviteLink(db, config, { accountId, email, role: role as MemberRole });
        return { account: accountId, email: normalizeEmail(email), role, link: link.url, expires_at: link.expiresAt.toISOString() };
      }
      case 'users list': {
        if (flags.account !== undefined && !(await findAccount(db, need(flags, 'account')))) throw new NotFoundError(`no account ${flags.account}`);
        const rows = await listUsers(db, flags.account?.trim());
        return {
          users: rows.map((u) => ({
            id: u.id,
            email: u.email,
            account: u.accountId,
            account_name: u.accountName,
            role: u.role,
            created_at: u.createdAt.toISOString(),
          })),
        };
      }
      case 'users reset-password': {
        const email = need(flags, 'email');
        // Checked before a link is made: without a mail server --send cannot keep its word.
        const mailer = flags.send ? createMailer(config) : null;
        if (flags.send && !mailer)
          throw new ConfigError(['--send needs SMTP_URL (e.g. smtp://user:pass@mail.example:587); without it, hand over the printed link yourself']);
        try {
          const link = await passwordResetLink(db, config, email);
          if (!link) throw new NotFoundError(`no user with email ${normalizeEmail(email)}`);
          const result = { email: normalizeEmail(email), link: link.url, expires_at: link.expiresAt.toISOString() };
          if (!mailer) return result;
          try {
            await mailer.sendPasswordReset(result.email, link.url, link.expiresAt);
          } catch (err) {
            throw new MailError(
              `the mail server did not take the mail (${err instanceof Error ? err.message : String(err)}); hand over this link yourself: ${link.url}`,
            );
          }
          return { ...result, sent: true };
        } finally {
          mailer?.close();
        }
      }
      case 'accounts list': {
        const rows = await listAccounts(db);
        return {
          accounts: rows.map((a) => ({
            id: a.id,
            name: a.name,
            plan: a.planId,
            rate_limit_override: a.rateLimitOverride,
            is_demo: a.isDemo,
            created_at: a.createdAt.toISOString(),
            active_keys: a.activeKeys,
          })),
        };
      }
      case 'accounts set-plan': {
        const accountId = rest[0];
        if (!accountId) throw new UsageError('accounts set-plan needs an ACCOUNT_ID');
        const plan = needPlan(flags);
        const redis = createRedis(config, 'subscriber');
        try {
          const change = await changePlan(
            db,
            { publisher: redis, channel: eventChannels(config.REDIS_PREFIX, config.REDIS_URL).accountChanged },
            { accountId, planId: plan, actor: OPERATOR },
          );
          if (!change) throw new NotFoundError(`no account ${accountId}`);
          return { id: change.accountId, plan: change.to, previous_plan: change.from };
        } finally {
          redis.disconnect();
        }
      }
      case 'keys create': {
        const accountId = need(flags, 'account');
        if (!(await findAccount(db, accountId))) throw new NotFoundError(`no account ${accountId}`);
        const key = await createApiKey(db, { accountId, label: need(flags, 'label'), ...keyOptions(flags) }, OPERATOR);
        return { id: key.id, key: key.key, label: key.label, ...keySettings(key) };
      }
      case 'keys list': {
        const accountId = need(flags, 'account');
        if (!(await findAccount(db, accountId))) throw new NotFoundError(`no account ${accountId}`);
        const keys = await listApiKeys(db, accountId);
        return {
          keys: keys.map((k) => ({
            id: k.id,
            label: k.label,
            prefix: k.prefix,
            created_at: k.createdAt.toISOString(),
            revoked_at: k.revokedAt?.toISOString() ?? null,
            last_used_at: k.lastUsedAt?.toISOString() ?? null,
            ...keySettings(k),
            expired: isExpired(k.expiresAt),
          })),
        };
      }
      case 'keys revoke': {
        const keyId = rest[0];
        if (!keyId) throw new UsageError('keys revoke needs a KEY_ID');
        const revoked = await revokeApiKeyAudited(db, { keyId, actor: OPERATOR });
        if (!revoked) throw new NotFoundError(`no active key ${keyId}`);
        const redis = createRedis(config, 'subscriber');
        try {
          await announceRevocation(redis, eventChannels(config.REDIS_PREFIX, config.REDIS_URL).keyRevoked, revoked.hash);
        } finally {
          redis.disconnect();
        }
        return { id: revoked.id, revoked: true };
      }
      case 'corpus add':
        return await addCorpusDocument(db, config, { url: need(flags, 'url'), file: flags.file, accountId: await corpusAccount(db, flags) }, progress);
      case 'corpus import':
        return await importCorpus(config, { jsonl: need(flags, 'jsonl'), accountId: await corpusAccount(db, flags) }, progress);
      case 'corpus list':
        return await listCorpus(db, { accountId: await corpusAccount(db, flags) });
      case 'corpus remove': {
        const id = rest[0];
        if (!id) throw new UsageError('corpus remove needs a DOCUMENT_ID');
        return await removeCorpusDocument(db, id, await corpusAccount(db, flags));
      }
      case 'ca export':
        return await exportLocalCa(db, flags.out === undefined ? undefined : need(flags, 'out'));
      default:
        throw new UsageError(`unknown command "${[group, command].filter(Boolean).join(' ')}"`);
    }
  } finally {
    await close();
  }
}

/** The scopes, expiry and own limit of `keys create`, refused in words when malformed. */
function keyOptions(flags: Flags): { scopes: Scope[] | null; expiresAt: Date | null; rateLimitPerMinute: number | null } {
  let scopes: Scope[] | null = null;
  if (flags.scopes !== undefined) {
    const parsed = parseScopes(flags.scopes.split(','));
    if (!parsed.ok) throw new UsageError(`--scopes: ${parsed.message}`);
    scopes = parsed.scopes;
  }
  if (flags['expires-at'] !== undefined && flags['expires-in'] !== undefined) throw new UsageError('give --expires-at or --expires-in, not both');
  let expiresAt: Date | null = null;
  if (flags['expires-at'] !== undefined) {
    const raw = flags['expires-at'].trim();
    expiresAt = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw) ? new Date(raw) : null;
    if (!expiresAt || Number.isNaN(expiresAt.getTime()))
      throw new UsageError('--expires-at must be an ISO-8601 date or time, e.g. 2027-01-31 or 2027-01-31T12:00:00Z');
    if (expiresAt.getTime() <= Date.now()) throw new UsageError(`--expires-at ${expiresAt.toISOString()} is not in the future`);
  } else if (flags['expires-in'] !== undefined) {
    const ms = parseDuration(flags['expires-in']);
    if (ms === null) throw new UsageError('--expires-in must be a number of days, hours or minutes, e.g. 30d, 12h or 45m');
    expiresAt = new Date(Date.now() + ms);
  }
  let rateLimitPerMinute: number | null = null;
  if (flags['rate-limit'] !== undefined) {
    rateLimitPerMinute = parseKeyRateLimit(flags['rate-limit']);
    if (rateLimitPerMinute === null) throw new UsageError(`--rate-limit must be a whole number of requests per minute, from 1 to ${KEY_RATE_LIMIT_MAX}`);
  }
  return { scopes, expiresAt, rateLimitPerMinute };
}

/** A key's settings as the CLI prints them: never the key itself. */
function keySettings(k: { scopes: string[] | null; expiresAt: Date | null; rateLimitPerMinute: number | null }) {
  return { scopes: k.scopes, expires_at: k.expiresAt?.toISOString() ?? null, rate_limit_per_minute: k.rateLimitPerMinute };
}

/**
 * The local CA's certificate, created if no edge has started yet (the edge would create the same row): the
 * PEM itself when no file is named, so `kiln ca export > kiln-ca.crt` works as well as --out. The
 * fingerprint lets a person check what a trust store shows against what the edge uses.
 */
async function exportLocalCa(db: Parameters<typeof localCa>[0]['db'], out: string | undefined) {
  const { certPem } = await localCa({ db });
  const cert = new X509Certificate(certPem);
  const facts = { subject: cert.subject, sha256_fingerprint: cert.fingerprint256, not_after: new Date(cert.validTo).toISOString() };
  if (out === undefined) return { ...facts, pem: certPem };
  await writeFile(out, certPem, { mode: 0o644 });
  return { ...facts, out };
}

/** Progress of long corpus commands, for people: stderr, so `--json` stdout stays one object. */
const progress = (line: string) => process.stderr.write(`${line}\n`);

async function corpusAccount(db: Parameters<typeof findAccount>[0], flags: Flags): Promise<string | undefined> {
  if (flags.account === undefined) return undefined;
  const accountId = need(flags, 'account');
  if (!(await findAccount(db, accountId))) throw new NotFoundError(`no account ${accountId}`);
  return accountId;
}

function printHuman(result: object) {
  if ('pem' in result && typeof result.pem === 'string') {
    // stdout is the certificate alone (to redirect into a file); the rest is for the person.
    process.stdout.write(result.pem);
    process.stderr.write(`${'sha256_fingerprint' in result ? `SHA-256 fingerprint ${result.sha256_fingerprint}\n` : ''}`);
    return;
  }
  if ('users' in result && Array.isArray(result.users)) {
    if (result.users.length === 0) process.stdout.write('(no users)\n');
    for (const u of result.users) process.stdout.write(`${u.id}  ${u.email}  ${u.role} of ${u.account} (${u.account_name})  since ${u.created_at}\n`);
    return;
  }
  if ('accounts' in result && Array.isArray(result.accounts)) {
    if (result.accounts.length === 0) process.stdout.write('(no accounts)\n');
    for (const a of result.accounts) {
      const limit = a.rate_limit_override === null ? '' : `  ${a.rate_limit_override}/min`;
      const keys = `${a.active_keys} active key${a.active_keys === 1 ? '' : 's'}`;
      process.stdout.write(`${a.id}  ${a.plan}${limit}  ${keys}  created ${a.created_at}${a.is_demo ? '  DEMO' : ''}  ${a.name}\n`);
    }
    return;
  }
  if ('documents' in result && Array.isArray(result.documents)) {
    if (result.documents.length === 0) process.stdout.write('(no documents)\n');
    for (const d of result.documents) process.stdout.write(`${d.id}  ${d.words} words  ${d.url}\n`);
    return;
  }
  if ('keys' in result && Array.isArray(result.keys)) {
    if (result.keys.length === 0) process.stdout.write('(no keys)\n');
    for (const k of result.keys)
      process.stdout.write(
        `${k.id}  ${k.prefix}…  ${k.label}  scopes ${describeScopes(k.scopes)}  ${k.rate_limit_per_minute === null ? '' : `${k.rate_limit_per_minute}/min  `}` +
          `${k.expires_at === null ? '' : `${k.expired ? 'EXPIRED' : 'expires'} ${k.expires_at}  `}created ${k.created_at}  last used ${k.last_used_at ?? 'never'}` +
          `${k.revoked_at ? `  REVOKED ${k.revoked_at}` : ''}\n`,
      );
    return;
  }
  if ('api_key' in result && typeof result.api_key === 'object' && result.api_key) {
    // `accounts create --key-label`: the account, then its key as `keys create` shows one.
    const { api_key: key, ...account } = result;
    printHuman(account);
    printHuman(Object.fromEntries(Object.entries(key).map(([name, value]) => [name === 'id' ? 'key_id' : name, value])));
    return;
  }
  for (const [name, value] of Object.entries(result)) {
    // A new key's settings: its scopes as lists show them, and what null means for the others.
    const shown =
      name === 'scopes'
        ? describeScopes(value)
        : value === null && name === 'expires_at'
          ? 'never'
          : value === null && name === 'rate_limit_per_minute'
            ? "the account's"
            : value;
    process.stdout.write(`${name}: ${shown}\n`);
  }
  if ('key' in result) process.stderr.write('Store this key now: it is shown only once.\n');
  if ('sent' in result) process.stderr.write('Mailed to the person: the link works once, until expires_at.\n');
  else if ('link' in result) process.stderr.write('Hand this link to the person: it works once, until expires_at, and cannot be shown again.\n');
}

/** A failure as the one thing `--json` prints, the exit code, and whether the usage text helps. */
function describeFailure(err: unknown, databaseUrl: string | undefined): { code: string; message: string; exit: 1 | 2; usage: boolean } {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown } | null)?.code;
  if (err instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')))
    return { code: 'invalid_usage', message, exit: 2, usage: true };
  if (err instanceof ConfigError) return { code: 'invalid_config', message, exit: 2, usage: false };
  if (err instanceof LinkRefused) return { code: 'signup_closed', message, exit: 1, usage: false };
  if (err instanceof MailError) return { code: 'mail_failed', message, exit: 1, usage: false };
  if (err instanceof NotFoundError) return { code: 'not_found', message, exit: 1, usage: false };
  if (err instanceof CorpusCommandError) return { code: 'corpus_failed', message, exit: 1, usage: false };
  const db = databaseUrl ? databaseProblem(err, databaseUrl) : null;
  if (db) return { ...db, exit: 1, usage: false };
  return { code: 'failed', message, exit: 1, usage: false };
}

loadEnvFile();
const argv = process.argv.slice(2);
const json = argv.includes('--json');
let config: Config | undefined;
try {
  config = loadConfig();
  const result = await run(argv, config);
  if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else printHuman(result);
} catch (err) {
  const failure = describeFailure(err, config?.DATABASE_URL);
  if (json) process.stdout.write(`${JSON.stringify({ error: { code: failure.code, message: failure.message } })}\n`);
  if (failure.message) process.stderr.write(`kiln: ${failure.message}\n${failure.usage ? '\n' : ''}`);
  if (failure.usage) process.stderr.write(USAGE);
  process.exitCode = failure.exit;
}
