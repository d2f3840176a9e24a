/**
 * What a client command can fail with, each with its exit code: the closed vocabulary `kiln help` documents.
 * A script tells "fix the command line" (2) from "fix the key" (3) from "the deploy or the API failed" (1).
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, auth: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class ClientError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exit: ExitCode,
  ) {
    super(message);
  }
}

/** The command line or the configuration is wrong: nothing was sent. */
export const usageError = (message: string) => new ClientError('invalid_usage', message, EXIT.usage);
export const configError = (message: string) => new ClientError('invalid_config', message, EXIT.usage);

/** An answer of the API that is not a success, with the API's own `error.code`. */
export class ApiFailure extends ClientError {
  constructor(
    readonly status: number,
    code: string,
    message: string,
  ) {
    // 401 is a missing, wrong or revoked key; 403 a key without the hosting scope or plan: both are fixed by the key.
    super(code, message, status === 401 || status === 403 ? EXIT.auth : EXIT.failed);
  }
}
