import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sampleBlobKey } from './start-clone';
import { clonedVoiceView } from './views';
import { completeClone, failClone, startCloneAttempt, type VoiceRow } from '../db/queries/voices';
import type { DbOrTx } from '../db/client';
import type { JobError } from '../db/schema';
import type { SpeakerProfile } from '../engines/voice/types';
import { AudioDecodeError, SampleRejectedError, voiceSettingsFromProfile } from '../engines/voice/analysis';
import { FetchRefusedError, guardedDownload, minDownloadRate } from '../net/guarded-fetch';
import { attemptOf, type JobRun, PermanentJobError } from '../queue/job-run';
import { announceWebhookEvents, recordWebhookEvent } from '../webhooks/outbox';
import { withTempDir } from '../lib/temp-dir';

const cloneFailure = (message: string) => new PermanentJobError({ code: 'clone_failed', message });

/**
 * Clones a voice: download the sample under the fetch rules (or read an uploaded one from blob storage),
 * decode it, measure the speaker, and store the profile with the engine settings derived from it. Running
 * it again for a finished or deleted voice does nothing (but remove an uploaded sample left behind).
 */
export async function cloneVoice(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  const voice = await startCloneAttempt(rt.db, payload.id);
  if (!voice) {
    // An uploaded sample outlives its voice only when the voice was deleted mid-clone, or a removal failed.
    await rt.store.delete(sampleBlobKey(payload.id));
    ctx.log.info({ voiceId: payload.id }, 'voice already finished or deleted; nothing to do');
    return;
  }
  await withTempDir('clone', async (dir) => {
    const samplePath = join(dir, 'sample');
    const bytes = voice.sampleKey !== null ? await readStoredSample(ctx, voice.sampleKey, samplePath) : await downloadSample(ctx, voice.sampleUrl!, samplePath);
    const started = performance.now();
    let profile: SpeakerProfile;
    try {
      profile = await rt.threads.run('voice.analyze', { path: samplePath });
    } catch (err) {
      if (err instanceof AudioDecodeError || err instanceof SampleRejectedError) throw cloneFailure(err.message);
      throw err;
    }
    const settings = voiceSettingsFromProfile(profile);
    await finishClone(ctx, voice.id, 'voice.ready', (tx) => completeClone(tx, voice.id, profile, settings));
    ctx.log.info(
      {
        voiceId: voice.id,
        bytes,
        sampleSeconds: Math.round(profile.durationSeconds),
        f0MedianHz: Math.round(profile.f0MedianHz),
        settings,
        ms: Math.round(performance.now() - started),
      },
      'voice cloned',
    );
  });
}

/** An uploaded sample, from blob storage (written before its voice row, removed only once the clone finished). */
async function readStoredSample(ctx: JobRun, key: string, path: string): Promise<number> {
  const blob = await ctx.rt.store.get(key);
  if (!blob) throw cloneFailure('The uploaded sample is missing from storage; upload it again.');
  await pipeline(blob.body, createWriteStream(path));
  return blob.size;
}

/** A sample at a public address, under the fetch rules; a transient refusal is retried while attempts remain. */
async function downloadSample(ctx: JobRun, url: string, path: string): Promise<number> {
  const { rt } = ctx;
  try {
    const { bytes } = await guardedDownload(url, path, {
      allowPrivate: rt.config.FETCH_ALLOW_PRIVATE,
      maxBytes: rt.config.VOICE_SAMPLE_MAX_BYTES,
      timeoutMs: rt.config.FETCH_TIMEOUT_MS,
      minRate: minDownloadRate(rt.config),
    });
    return bytes;
  } catch (err) {
    if (!(err instanceof FetchRefusedError)) throw err;
    if (!err.transient) throw cloneFailure(`Could not download the sample: ${err.message}.`);
    // Out of attempts, the last one's cause is the answer (rather than a bare "failed after 3 attempts").
    const { attempt, attempts } = attemptOf(ctx.job);
    if (attempt >= attempts) throw cloneFailure(`The clone failed after ${attempts} attempts to download the sample: ${err.message}.`);
    throw err;
  }
}

/** A clone out of attempts (or refused outright) ends `failed`, with the reason for whoever polls. */
export async function failVoiceClone(ctx: JobRun, payload: { id: string }, error: JobError): Promise<void> {
  await finishClone(ctx, payload.id, 'voice.failed', (tx) => failClone(tx, payload.id, error.message));
}

/** A finished clone no longer needs its uploaded sample (no-op for a downloaded one, and when already gone). */
async function removeSample(ctx: JobRun, voiceId: string): Promise<void> {
  await ctx.rt.store.delete(sampleBlobKey(voiceId)).catch((err: Error) => {
    ctx.log.warn({ err: { message: err.message }, voiceId }, 'could not remove the uploaded sample; the next delivery of the job retries');
  });
}

/**
 * Ends the clone and, when that changed it (not a repeated delivery), records its event in the same transaction;
 * then an uploaded sample is removed (also on a repeated delivery, should the first removal have failed).
 */
async function finishClone(
  ctx: JobRun,
  voiceId: string,
  type: 'voice.ready' | 'voice.failed',
  change: (tx: DbOrTx) => Promise<VoiceRow | null>,
): Promise<void> {
  const { rt } = ctx;
  const accountId = await rt.db.transaction(async (tx) => {
    const row = await change(tx);
    const event = row && (await recordWebhookEvent(tx, { accountId: row.accountId, type, data: clonedVoiceView(row) }));
    return event ? row!.accountId : null;
  });
  await removeSample(ctx, voiceId);
  if (accountId) await announceWebhookEvents(rt, ctx.log, accountId);
}
