// Type-checked (never run) against the client types openapi-typescript generates from the served document
// (npm run lint:openapi): a typed client must be able to tell a finished answer from a 202's job link, and
// read the error envelope of any error, or its users' code compiles and breaks at run time.
import createClient from 'openapi-fetch';
import type { paths, webhooks } from './kiln-api';

const kiln = createClient<paths>({ baseUrl: 'https://api.kiln.internal', headers: { Authorization: 'Bearer kiln_…' } });

export async function imagesOrJob(): Promise<number | string | undefined> {
  const { data, error } = await kiln.POST('/v1/image/generate', { body: { prompt: 'a kiln at dusk' } });
  if (error) return error.error.code;
  // @ts-expect-error a 202 answers the job link, not the images: the client must look before it reads them
  data.images.length;
  if ('images' in data) return data.images.length;
  return data.status === 'processing' ? data.id : undefined;
}

export async function finishedJob(id: string): Promise<string | undefined> {
  const { data, error } = await kiln.GET('/v1/jobs/{id}', { params: { path: { id } } });
  if (error) return error.error.message;
  // @ts-expect-error still running or finished: only the job link is certain
  data.text;
  if ('status' in data && data.status === 'processing') return data.id;
  return 'text' in data ? data.text : undefined;
}

export async function chatAboutMissingFile(): Promise<string | undefined> {
  const { error } = await kiln.POST('/v1/file/chat', { body: { file_id: 'file_missing', message: 'What is the total?' } });
  return error?.error.code;
}

export async function attachTakenDomain(): Promise<string | undefined> {
  const { error } = await kiln.POST('/v1/hosting/domains', { body: { site_id: 'site_1', domain: 'www.example.org' } });
  return error?.error.code;
}

/** A receiver types its handler from the document's `webhooks` section: each event type's own `data`. */
type EventBody<T extends keyof webhooks> = NonNullable<webhooks[T]['post']['requestBody']>['content']['application/json'];

export function describe(event: EventBody<'deployment.published'> | EventBody<'usage.quota_warning'>): string {
  if (event.type === 'deployment.published') return `${event.data.site_id} is live at ${event.data.url ?? '(no url)'}`;
  // @ts-expect-error a quota event carries no site
  event.data.site_id;
  return `${event.data.metric}: ${event.data.used} of ${event.data.quota}`;
}
