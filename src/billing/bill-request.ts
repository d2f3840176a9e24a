import type { Tx } from '../db/client';
import type { JobRow } from '../db/queries/jobs';
import { releaseReservation } from '../db/queries/usage';
import type { UsageMetric } from '../db/schema';
import { productOf } from '../queue/registry';
import { billUsage } from './bill-usage';

export interface BillLine {
  metric: UsageMetric;
  quantity: number;
}

/**
 * Turns what a request held of its plan's quota into its bill, inside the transaction that ends its row:
 * the hold released and each line billed under the key the request came with and the product its kind
 * names (for the usage breakdown). Never both, never neither; a second call bills nothing (the ledger's
 * unique key) and releases nothing (the hold is gone). Says whether anything was billed and how many quota
 * events that recorded.
 */
export async function billRequest(
  tx: Tx,
  row: Pick<JobRow, 'id' | 'accountId' | 'keyId' | 'kind'>,
  lines: readonly BillLine[],
  periodKey: string,
): Promise<{ billed: boolean; events: number }> {
  const filed = { accountId: row.accountId, keyId: row.keyId, product: productOf(row.kind), sourceId: row.id, periodKey };
  // Issued together: postgres.js pipelines them on the transaction's connection, and Postgres runs them in order.
  const [, ...billedLines] = await Promise.all([
    releaseReservation(tx, row.id),
    ...lines.map((line) => billUsage(tx, { ...filed, metric: line.metric, quantity: line.quantity })),
  ]);
  let billed = false;
  let events = 0;
  for (const usage of billedLines) {
    if (!usage) continue;
    billed = true;
    events += usage.events;
  }
  return { billed, events };
}
