/** What a caller sends to create or change a webhook endpoint: the API's bodies and the dashboard's form check the same schema. */
import * as v from 'valibot';
import { WEBHOOK_EVENT_TYPES } from './event-types';

export const WEBHOOK_ENDPOINT_ID_PATTERN = /^whep_[a-z0-9]{1,64}$/;
export const WEBHOOK_DELIVERY_ID_PATTERN = /^whd_[a-z0-9]{1,64}$/;

const urlField = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.nonEmpty('is required'),
  v.maxLength(2048, 'must be at most 2048 characters'),
  v.check((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'must be an http(s) URL'),
  v.check((s) => !URL.canParse(s) || (new URL(s).username === '' && new URL(s).password === ''), 'must not carry a user name or password'),
  v.description('Where events are POSTed. http(s) only; redirects are not followed.'),
);
const eventTypesField = v.pipe(
  v.array(v.picklist(WEBHOOK_EVENT_TYPES, `must list only known event types (${WEBHOOK_EVENT_TYPES.join(', ')})`), 'must be an array of event types'),
  v.maxLength(WEBHOOK_EVENT_TYPES.length, 'lists a type more than once'),
  v.check((a) => new Set(a).size === a.length, 'lists a type more than once'),
  v.description('The event types to send; empty or omitted: every type, including types added later.'),
);
const descriptionField = v.pipe(v.string('must be a string'), v.trim(), v.maxLength(200, 'must be at most 200 characters'));

export const createWebhookBody = v.object({
  url: urlField,
  event_types: v.optional(eventTypesField, []),
  description: v.optional(descriptionField, ''),
});

/** Only the fields sent change; `event_types: []` means every type, as at creation. */
export const updateWebhookBody = v.object({
  url: v.optional(urlField),
  event_types: v.optional(eventTypesField),
  description: v.optional(descriptionField),
});
