import { open } from 'node:fs/promises';
import type { Logger } from '../logger';
import type { Actor } from '../audit/actor';
import { recordAudit } from '../db/queries/audit';
import { insertVoice, type VoiceRow } from '../db/queries/voices';
import { id3v2Length, sampleFormatProblem } from '../engines/voice/analysis';
import { newId } from '../ids';
import type { Runtime } from '../runtime';

type CloneRuntime = Pick<Runtime, 'db' | 'queues' | 'store'>;

/** Where an uploaded sample waits for its clone: by voice id alone, so the job can remove it once the row is gone. */
export const sampleBlobKey = (voiceId: string) => `voice-samples/${voiceId}`;

/** Enough of a file to pass an ID3 tag (and its cover art) and find the first MP3 frame, as sniffFormat searches. */
const HEAD_BYTES = 1024 * 1024;
const AFTER_TAG_BYTES = 256 * 1024 + 8 * 1024;

async function readHead(path: string, size: number): Promise<Uint8Array> {
  const fh = await open(path, 'r');
  try {
    const read = async (length: number) => {
      const buf = Buffer.alloc(Math.min(length, size));
      const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
      return buf.subarray(0, bytesRead);
    };
    const head = await read(HEAD_BYTES);
    const tag = id3v2Length(head);
    return tag + AFTER_TAG_BYTES > head.length && size > head.length ? read(tag + AFTER_TAG_BYTES) : head;
  } finally {
    await fh.close();
  }
}

/** Queues the clone's analysis; a failed enqueue is left to the sweeper (findLost), which finds the voice still queued. */
async function enqueueClone(rt: CloneRuntime, log: Pick<Logger, 'warn'>, row: VoiceRow): Promise<void> {
  try {
    await rt.queues.enqueue('voice.clone', { id: row.id }, { jobId: row.id, account: row.accountId });
  } catch (err) {
    log.warn({ err: { message: (err as Error).message }, voiceId: row.id }, 'enqueue failed; the sweeper will retry');
  }
}

/** A clone from a public address: the job downloads the sample under the fetch rules. */
export async function startUrlClone(
  rt: CloneRuntime,
  log: Pick<Logger, 'warn'>,
  input: { accountId: string; name: string; sampleUrl: string; actor: Actor },
): Promise<VoiceRow> {
  const row = await rt.db.transaction(async (tx) => {
    const inserted = await insertVoice(tx, { id: newId('voice'), accountId: input.accountId, name: input.name, sampleUrl: input.sampleUrl });
    await recordAudit(tx, {
      accountId: input.accountId,
      actor: input.actor,
      action: 'voice.clone_requested',
      target: inserted.id,
      detail: { name: inserted.name, ...('detail' in input ? (input.detail ?? {}) : {}) },
    });
    return inserted;
  });
  await enqueueClone(rt, log, row);
  return row;
}

export type UploadCloneOutcome = { kind: 'created'; voice: VoiceRow } | { kind: 'not_audio'; message: string };

/**
 * A clone from an uploaded sample (a staged file the caller owns and deletes): refused at once when its
 * content is not WAV or MP3 (the same words a downloaded sample's clone fails with), else stored in blob
 * storage for whichever worker runs the job, then the row, then the same job as a downloaded sample's.
 * Whether it is long enough is decided by the job, as for a downloaded sample.
 */
export async function startUploadClone(
  rt: CloneRuntime,
  log: Pick<Logger, 'warn'>,
  input: { accountId: string; name: string; samplePath: string; size: number; actor: Actor; detail?: Record<string, unknown> },
): Promise<UploadCloneOutcome> {
  const problem = sampleFormatProblem(await readHead(input.samplePath, input.size));
  if (problem) return { kind: 'not_audio', message: `${problem[0]!.toUpperCase()}${problem.slice(1)}.` };
  const id = newId('voice');
  const key = sampleBlobKey(id);
  // The stored bytes are read back by content (sniffed again), so the declared type is only a label.
  await rt.store.putFile(key, input.samplePath, 'application/octet-stream');
  let row: VoiceRow;
  try {
    row = await rt.db.transaction(async (tx) => {
      const inserted = await insertVoice(tx, { id, accountId: input.accountId, name: input.name, sampleKey: key });
      await recordAudit(tx, {
        accountId: input.accountId,
        actor: input.actor,
        action: 'voice.clone_requested',
        target: inserted.id,
        detail: { name: inserted.name, ...('detail' in input ? (input.detail ?? {}) : {}) },
      });
      return inserted;
    });
  } catch (err) {
    await rt.store.delete(key).catch(() => undefined);
    throw err;
  }
  await enqueueClone(rt, log, row);
  return { kind: 'created', voice: row };
}
