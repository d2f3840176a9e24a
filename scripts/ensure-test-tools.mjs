#!/usr/bin/env node
// Brings in what the test suite needs beyond Postgres and Redis, so that `npm test` passes on a fresh
// machine: each tool is installed from Debian's packages when it is missing and we run as root; otherwise
// this stops at once with one line naming the package and the command that installs it.
// Usage: node scripts/ensure-test-tools.mjs [tool ...]   (no argument: every tool the suite needs)
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Tool → the Debian package that provides it and what uses it (listed in the README's Tests section). */
export const TEST_TOOLS = {
  pebble: { pkg: 'pebble', why: 'the ACME test CA for the certificate tests' },
  chromium: { pkg: 'chromium', why: 'the browser for the dashboard tests' },
  ffprobe: { pkg: 'ffmpeg', why: 'decodes every speech output format to check its duration' },
  sox: { pkg: 'sox', why: 'a second decoder for the speech output formats' },
  pgbouncer: { pkg: 'pgbouncer', why: 'a transaction-pooling PgBouncer in front of Postgres for the pooler tests' },
  'redis-cli': { pkg: 'redis-tools', why: 'creates the throwaway Redis Cluster of the cluster tests (`redis-cli --cluster create`)' },
};

function onPath(bin) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    try {
      accessSync(join(dir, bin), constants.X_OK);
      return true;
    } catch {}
  }
  return false;
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return r.status === 0;
}

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(TEST_TOOLS);
const missing = wanted.filter((t) => !onPath(t));
if (missing.length === 0) process.exit(0);

const packages = [...new Set(missing.map((t) => TEST_TOOLS[t]?.pkg ?? t))];
const command = `apt-get install -y ${packages.join(' ')}`;
if (process.getuid?.() !== 0 || !onPath('apt-get')) {
  console.error(`The tests need ${packages.join(', ')} (${missing.map((t) => TEST_TOOLS[t]?.why ?? t).join('; ')}): install it with \`sudo ${command}\`.`);
  process.exit(1);
}
console.error(`installing ${packages.join(', ')} for the tests (${command})`);
// The package lists of a fresh machine may be empty or stale: update once, then install.
if (!(run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', ...packages])) || missing.some((t) => !onPath(t))) {
  console.error(`Could not install ${packages.join(', ')}: run \`${command}\` and try again.`);
  process.exit(1);
}
