// Writes the OpenAPI document the API serves at /openapi.json to a file (or stdout), without a server:
// the document is generated from the routes' own schemas, so the app is built and asked once.
// Usage: node --import tsx scripts/openapi-document.ts [out.json]
import { writeFileSync } from 'node:fs';
import { createWebApp } from '../src/roles/web-app';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { createRuntime } from '../src/runtime';

const config = loadConfig(process.env);
const rt = createRuntime(config, 'web', createLogger({ level: 'warn', role: 'openapi' }));
try {
  const res = await createWebApp(rt).request('/openapi.json');
  if (!res.ok) throw new Error(`/openapi.json answered ${res.status}`);
  const text = `${JSON.stringify(await res.json(), null, 2)}\n`;
  if (process.argv[2]) writeFileSync(process.argv[2], text);
  else process.stdout.write(text);
} finally {
  await rt.close();
}
