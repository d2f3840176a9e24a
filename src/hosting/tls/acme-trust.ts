import https from 'node:https';
import * as acme from 'acme-client';

/*
 * acme-client sends every request through one shared axios instance and has no per-client agent
 * option. Setting `acme.axios.defaults.httpsAgent` would change trust for every ACME call in the
 * process, so instead one request interceptor picks an agent by the request's origin: a custom CA
 * bundle only ever applies to the directory's own origin, and only while an issuance using it runs.
 */

interface Scope {
  agent: https.Agent;
}

const scopesByOrigin = new Map<string, Scope[]>();
// acme-client's retry interceptor re-sends the same config (agent included) after a multi-second
// wait; once its issuance has given up, such a retry must fail fast instead of running on.
const releasedAgents = new WeakSet<https.Agent>();
let interceptorInstalled = false;

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function installInterceptor(): void {
  if (interceptorInstalled) return;
  interceptorInstalled = true;
  acme.axios.interceptors.request.use((config) => {
    if (config.httpsAgent instanceof https.Agent && releasedAgents.has(config.httpsAgent)) {
      // A plain Error (no `config`) makes acme-client's retry interceptor pass it straight through.
      throw new Error('ACME request abandoned: its issuance already settled');
    }
    const origin = config.url ? originOf(config.url) : undefined;
    const scopes = origin ? scopesByOrigin.get(origin) : undefined;
    // Latest registration wins when two issuances against the same origin overlap.
    const scope = scopes?.[scopes.length - 1];
    if (scope) config.httpsAgent = scope.agent;
    return config;
  });
}

/**
 * Trusts `caPem` (instead of the system roots) for HTTPS requests acme-client makes to the origin of
 * `directoryUrl`, until the returned release function is called.
 */
export function trustCaForDirectory(directoryUrl: string, caPem: string): () => void {
  const origin = originOf(directoryUrl);
  if (!origin) throw new Error(`invalid ACME directory URL: ${directoryUrl}`);
  installInterceptor();
  // No keep-alive: the agent is dropped after one issuance and must not hold sockets open.
  const scope: Scope = { agent: new https.Agent({ ca: caPem, keepAlive: false }) };
  const scopes = scopesByOrigin.get(origin) ?? [];
  scopes.push(scope);
  scopesByOrigin.set(origin, scopes);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const remaining = (scopesByOrigin.get(origin) ?? []).filter((s) => s !== scope);
    if (remaining.length > 0) scopesByOrigin.set(origin, remaining);
    else scopesByOrigin.delete(origin);
    releasedAgents.add(scope.agent);
    scope.agent.destroy();
  };
}
