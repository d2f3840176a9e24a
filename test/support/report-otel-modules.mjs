// Preloaded into a spawned Kiln (NODE_OPTIONS=--import …): at exit, one log line naming the
// @opentelemetry packages the process loaded, so a test can tell whether the SDK was ever imported.
// The SDK's packages (sdk-trace-*, exporter-*, otlp-*, resources, core) are CommonJS only, so each one
// loaded is in the CommonJS module cache; packages Node resolves as ES modules (semantic-conventions)
// do not show here.
import { createRequire } from 'node:module';

const cache = createRequire(import.meta.url).cache;
process.on('exit', () => {
  const packages = new Set();
  for (const file of Object.keys(cache)) {
    const m = /\/node_modules\/@opentelemetry\/([^/]+)\//.exec(file);
    if (m) packages.add(m[1]);
  }
  process.stdout.write(`${JSON.stringify({ msg: 'opentelemetry packages loaded', packages: [...packages].sort() })}\n`);
});
