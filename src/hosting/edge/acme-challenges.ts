import type { Db } from '../../db/client';
import { findAcmeChallenge, pendingAcmeChallenges } from '../../db/queries/domains';

/** How long a read of the challenge table answers every token, unless the edge is told of a change first. */
export const ACME_SNAPSHOT_TTL_MS = 2_000;
/** Past this many pending challenges the table is not held whole, and a miss asks for its token. */
export const ACME_SNAPSHOT_MAX_ROWS = 1_000;

interface Snapshot {
  tokens: Map<string, string>;
  /** Every pending challenge is in `tokens`: a token that is not is unknown. */
  complete: boolean;
  until: number;
}

/**
 * The edge's answers to `/.well-known/acme-challenge/{token}`. Tokens are random, so remembering misses
 * per token would not stop a stream of made-up ones from costing a query each; instead the whole table
 * (a handful of rows: challenges live only while a CA validates them) is read at most once per
 * ACME_SNAPSHOT_TTL_MS and every token is answered from that read.
 *
 * A read taken before a challenge was written must not answer the CA's request for it: the certificate job
 * writes the row, then announces a routes change and waits until every edge has acknowledged it (or 10 s,
 * longer than this TTL) before telling the CA to validate, and the edge forgets its read on that
 * announcement. Either way the CA's request sees a read taken after the write.
 */
export class AcmeChallenges {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  /** Bumped by forget(): a read started before it is neither kept nor shared with later requests. */
  private generation = 0;
  /** Reads of the table (and single-token look-ups), for tests. */
  reads = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = ACME_SNAPSHOT_TTL_MS,
    private readonly maxRows = ACME_SNAPSHOT_MAX_ROWS,
  ) {}

  /** Called when a challenge may have been written: the next request reads the table again. */
  forget(): void {
    this.generation++;
    this.snapshot = null;
    this.loading = null;
  }

  async keyAuthorization(token: string): Promise<string | null> {
    const snapshot = await this.current();
    const known = snapshot.tokens.get(token);
    if (known !== undefined) return known;
    if (snapshot.complete) return null;
    this.reads++;
    return findAcmeChallenge(this.db, token);
  }

  private current(): Promise<Snapshot> {
    const s = this.snapshot;
    if (s && s.until > Date.now()) return Promise.resolve(s);
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.read().then(
      (snapshot) => {
        if (this.generation === generation) {
          this.snapshot = snapshot;
          this.loading = null;
        }
        return snapshot;
      },
      (err: unknown) => {
        if (this.loading === loading) this.loading = null;
        throw err;
      },
    );
    this.loading = loading;
    return loading;
  }

  private async read(): Promise<Snapshot> {
    this.reads++;
    const rows = await pendingAcmeChallenges(this.db, this.maxRows + 1);
    const tokens = new Map<string, string>();
    for (const r of rows.slice(0, this.maxRows)) tokens.set(r.token, r.keyAuthorization);
    return { tokens, complete: rows.length <= this.maxRows, until: Date.now() + this.ttlMs };
  }
}
