/**
 * The life of an eval script: run `main`, always clean up (also on error and on Ctrl-C), print what
 * failed briefly, and exit with `main`'s code (1 on error or interruption).
 */
export const say = (line = '') => process.stdout.write(`${line}\n`);
export const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export interface EvalRun {
  /** True once SIGINT/SIGTERM arrived: long loops stop early. */
  readonly interrupted: boolean;
}

export interface TargetCheck {
  name: string;
  pass: boolean;
  display: string;
}

/** Prints the target checks; 0 when all pass, else 1. */
export function reportTargets(checks: readonly TargetCheck[]): number {
  say();
  say('Targets');
  for (const c of checks) say(`  ${c.pass ? 'PASS' : 'MISS'}  ${c.name}: ${c.display}`);
  return checks.every((c) => c.pass) ? 0 : 1;
}

export async function runEval(opts: {
  main: (run: EvalRun) => Promise<number>;
  /** Idempotent; may run while `main` is still going (after a signal). */
  cleanup: () => Promise<void>;
  /** What a second signal leaves behind, for the message. */
  leftBehind: () => string;
}): Promise<never> {
  let signals = 0;
  const run: EvalRun = {
    get interrupted() {
      return signals > 0;
    },
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (++signals > 1) {
        process.stderr.write(`eval: second ${sig}; exiting without finishing cleanup (${opts.leftBehind()} may remain)\n`);
        process.exit(130);
      }
      process.stderr.write(`\neval: ${sig}; cleaning up (send it again to exit at once)\n`);
      void opts.cleanup().finally(() => process.exit(130));
    });
  }

  let exitCode = 1;
  try {
    exitCode = await opts.main(run);
  } catch (err) {
    // After a signal the cleanup closed the connections under the run: that failure is expected, not news.
    if (signals === 0) {
      // drizzle's errors carry every query parameter: keep the message short.
      const msg = err instanceof Error ? `${err.message}${err.cause instanceof Error ? ` (${err.cause.message})` : ''}` : String(err);
      process.stderr.write(`\neval failed: ${msg.length > 1500 ? `${msg.slice(0, 1500)}…` : msg}\n`);
    }
    exitCode = 1;
  } finally {
    await opts.cleanup();
  }
  process.exit(exitCode);
}
