#!/usr/bin/env node
// The `kiln` operator CLI; runs the TypeScript source through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
