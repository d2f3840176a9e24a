#!/usr/bin/env node
// `kiln`: the client commands (deploy, logs, …; the public API only) or the operator CLI (the database),
// chosen by the first word, so a developer's machine never loads the server's code. Runs the TypeScript through tsx.
import { register } from 'tsx/esm/api';

register();
const { CLIENT_COMMANDS } = await import('../src/client-cli/usage.ts');
const first = process.argv.slice(2).find((a) => !a.startsWith('-'));
await import(first === undefined || CLIENT_COMMANDS.includes(first) ? '../src/client-cli/main.ts' : '../src/cli.ts');
