/**
 * Where HTTP-01 key authorizations live while the CA validates them. The edge answers
 * `/.well-known/acme-challenge/{token}` from whatever shared store implements this.
 */
export interface Http01ChallengeStore {
  set(token: string, keyAuthorization: string): Promise<void>;
  remove(token: string): Promise<void>;
}

export interface MemoryChallengeStore extends Http01ChallengeStore {
  get(token: string): Promise<string | undefined>;
  /** Number of tokens currently held; lets callers check nothing was left behind. */
  size(): number;
}

/** Single-process store: enough when the responder runs in the same process as the issuer (tests, dev). */
export function createMemoryChallengeStore(): MemoryChallengeStore {
  const tokens = new Map<string, string>();
  return {
    async set(token, keyAuthorization) {
      tokens.set(token, keyAuthorization);
    },
    async remove(token) {
      tokens.delete(token);
    },
    async get(token) {
      return tokens.get(token);
    },
    size() {
      return tokens.size;
    },
  };
}
