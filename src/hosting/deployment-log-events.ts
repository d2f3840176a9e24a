import type { DeploymentStatus } from '../db/schema';
import type { Logger } from '../logger';
import type { RedisClient } from '../redis';

/** Statuses a deployment's build does not leave: a live log ends with `done` at them. */
const FINAL: ReadonlySet<DeploymentStatus> = new Set(['published', 'failed', 'rolled_back']);

export const isFinalStatus = (status: DeploymentStatus): boolean => FINAL.has(status);

/**
 * Tells live log readers (any web process) that a deployment wrote log lines or reached a final status,
 * after the write committed, so a reader that hears the id finds the rows. Best effort: a lost message
 * only delays a reader until its slow re-check, so a failed publish never fails the build.
 */
export async function announceDeploymentLog(
  rt: { redis: RedisClient; channels: { deploymentLog: string } },
  log: Pick<Logger, 'warn'>,
  deploymentId: string,
): Promise<void> {
  try {
    await rt.redis.publish(rt.channels.deploymentLog, deploymentId);
  } catch (err) {
    log.warn(
      { err: { message: (err as Error).message }, deployment: deploymentId },
      'could not announce deployment log lines; live readers find them on their next check',
    );
  }
}
