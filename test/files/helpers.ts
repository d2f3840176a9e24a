import { readdirSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueueName } from '../../src/queue/registry';
import { startWorkers } from '../../src/workers/start-workers';
import { startTestService, type TestService } from '../support/runtime';

export interface UploadedFile {
  file_id: string;
  filename: string;
  size_bytes: number;
  created_at: string;
}

export interface ChatAnswer {
  id: string;
  answer: string;
  sources: { page: number; excerpt: string; file_id: string }[];
  conversation_id: string;
  created_at: string;
}

/** A staging dir of its own per service, so a test can see that nothing was left in it. */
export const uploadTmpDir = () => mkdtempSync(join(tmpdir(), 'kiln-upload-test-'));

/**
 * A test service with its own upload staging dir and the workers an upload and a chat need (`files`,
 * `text`; add `meaning` for the sentence vectors that follow an upload).
 */
export async function startFileChatService(
  overrides: Record<string, string> = {},
  queues: QueueName[] = ['files', 'text'],
): Promise<{ svc: TestService; close(): Promise<void> }> {
  const svc = await startTestService({ UPLOAD_TMP_DIR: uploadTmpDir(), ...overrides });
  const workers = await startWorkers(svc.rt, { queues });
  return {
    svc,
    close: async () => {
      await workers.close(5_000);
      await svc.close();
    },
  };
}

export function uploadForm(data: Buffer | Uint8Array, filename: string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)]), filename);
  return form;
}

export async function upload(svc: TestService, auth: Record<string, string>, data: Buffer | Uint8Array, filename: string): Promise<Response> {
  return svc.app.request('/v1/file/upload', { method: 'POST', headers: auth, body: uploadForm(data, filename) });
}

export async function uploadOk(svc: TestService, auth: Record<string, string>, data: Buffer | Uint8Array, filename: string): Promise<UploadedFile> {
  const res = await upload(svc, auth, data, filename);
  const body = await res.json();
  if (res.status !== 201) throw new Error(`upload of ${filename} answered ${res.status}: ${JSON.stringify(body)}`);
  return body as UploadedFile;
}

export async function chat(
  svc: TestService,
  auth: Record<string, string>,
  fileId: string | string[] | null,
  message: string,
  extra: { conversation_id?: string } = {},
): Promise<ChatAnswer> {
  const files = fileId === null ? {} : Array.isArray(fileId) ? { file_ids: fileId } : { file_id: fileId };
  const res = await svc.app.request('/v1/file/chat', {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...files, message, ...extra }),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`chat answered ${res.status}: ${JSON.stringify(body)}`);
  return body as ChatAnswer;
}

/** Every file under a directory, recursively (relative paths). */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath ?? (e as unknown as { path: string }).path, e.name).slice(dir.length + 1));
  } catch {
    return [];
  }
}
