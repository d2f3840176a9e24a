import { storageKeyOfCdnUrl } from '../../../openai-compat';
import type { Runtime } from '../../../runtime';
import { ApiError } from '../../../errors/api-error';

/** The bytes of a file a job stored, by the signed link its result gives (OpenAI answers bytes where Kiln answers links). */
export async function storedBytes(rt: Pick<Runtime, 'config' | 'store'>, url: string): Promise<Buffer> {
  const key = storageKeyOfCdnUrl(url, rt.config.CDN_URL);
  const blob = key ? await rt.store.get(key) : null;
  if (!blob) throw new ApiError('internal_error', 'The generated file is missing from storage.');
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
