/**
 * `data` for tests of the outbox, the relay and deliveries, which carry an event without reading it: any
 * shape, accepted where `recordWebhookEvent` types each event's data (the product tests record real views).
 */
export const opaqueEventData = (data: Record<string, unknown>) => data as never;
