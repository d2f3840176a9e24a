import http from 'node:http';
import https from 'node:https';
import type { FetchTarget } from './fetch-target';
import { pinnedLookup } from './send-request';

export interface PinnedAgentsOptions {
  /** Connections open at once to one target; further requests wait for one to come free. */
  maxSocketsPerTarget: number;
  /** An idle kept-alive connection is closed after this long (sooner when the server announces less). */
  idleMs: number;
  /** Targets remembered; the least recently used is forgotten beyond this (its idle sockets then time out). */
  maxTargets: number;
}

/**
 * Keep-alive connection pools for guarded requests, one per target: scheme, host, port and the exact set
 * of addresses that passed the address check. A request uses a pool only for the addresses its own
 * check just approved, and a pool's lookup hands the socket layer nothing but those addresses, so every
 * new connection is made to a checked address and a reused one was made to an address checked again
 * for this very request. A host whose DNS answer changes gets a new pool; the old one's idle
 * connections time out unused.
 */
export class PinnedAgents {
  private readonly agents = new Map<string, http.Agent>();

  constructor(private readonly opts: PinnedAgentsOptions) {}

  agentFor(target: FetchTarget): http.Agent {
    const addresses = target.addresses.map((a) => a.address).sort();
    const key = `${target.url.protocol}//${target.hostname}:${target.url.port}|${addresses.join(',')}`;
    const known = this.agents.get(key);
    if (known) {
      // Map order is the eviction order: move it to the young end.
      this.agents.delete(key);
      this.agents.set(key, known);
      return known;
    }
    const Agent = target.url.protocol === 'https:' ? https.Agent : http.Agent;
    const agent = new Agent({
      keepAlive: true,
      maxSockets: this.opts.maxSocketsPerTarget,
      maxFreeSockets: this.opts.maxSocketsPerTarget,
      timeout: this.opts.idleMs,
      scheduling: 'lifo',
      lookup: pinnedLookup(target),
    });
    this.agents.set(key, agent);
    if (this.agents.size > this.opts.maxTargets) {
      // Not destroyed: requests may still be running on it. Its free sockets are unref'd and time out.
      const oldest = this.agents.keys().next().value;
      if (oldest !== undefined) this.agents.delete(oldest);
    }
    return agent;
  }

  /** How many targets have a pool (for tests). */
  get size(): number {
    return this.agents.size;
  }

  /** Closes every pool's connections, running requests included. */
  destroy(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}
