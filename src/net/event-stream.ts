/**
 * A comment line this often keeps an idle server-sent-event stream open through proxies and load balancers
 * that close quiet connections (commonly after 30–60 s).
 */
export const SSE_HEARTBEAT_MS = 15_000;
