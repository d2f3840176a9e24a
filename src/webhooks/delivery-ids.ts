import { createHash } from 'node:crypto';

/**
 * A delivery's id follows from its event and endpoint, so a relay that fans the same event out twice
 * (it died before marking the event dispatched, or two relays raced) writes the same rows and queues
 * the same jobs (jobId = delivery id): both are no-ops the second time.
 */
export function deliveryIdFor(eventId: string, endpointId: string): string {
  return `whd_${createHash('sha256').update(`${eventId}\n${endpointId}`).digest('hex').slice(0, 32)}`;
}

/** The BullMQ jobId of one attempt: the first is the delivery id itself (the relay's), later ones are numbered. */
export function attemptJobId(deliveryId: string, attempt: number): string {
  return attempt === 1 ? deliveryId : `${deliveryId}-a${attempt}`;
}
