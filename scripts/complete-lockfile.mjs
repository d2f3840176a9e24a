#!/usr/bin/env node
// The registry this project is built against serves only the linux-x64 builds of packages that ship
// per-platform binaries (@napi-rs/canvas, msgpackr-extract, …). `npm install` then leaves the other
// platforms' optional packages out of package-lock.json, and `npm ci` refuses the lock as "out of sync".
// This adds the entries a full registry would have written (version, optional, os/cpu/libc from the
// package name), so `npm ci` accepts the lock and skips those packages on a non-matching platform.
// Run after every `npm install` that changes the lock: `npm run lock:complete`.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix'];
const CPU = ['x64', 'arm64', 'arm', 'ia32', 'riscv64', 'ppc64', 's390x', 'loong64', 'mips64el'];

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((t) => OS.includes(t));
  const cpu = tokens.find((t) => CPU.includes(t));
  if (!os || !cpu) return null;
  const libc = tokens.includes('musl') ? 'musl' : tokens.includes('gnu') || tokens.includes('gnueabihf') ? 'glibc' : undefined;
  return { os: [os], cpu: [cpu], ...(libc && os === 'linux' ? { libc: [libc] } : {}) };
}

let added = 0;
for (const [location, meta] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const parentDir = location === '' ? '' : `${location}/`;
    const candidates = [`${parentDir}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => packages[c])) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    const version = range.replace(/^[\^~=]/, '');
    packages[`node_modules/${dep}`] = { version, optional: true, ...platform };
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
