import { join } from 'node:path';
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
 * Clones a voice: download the sample under the fetch rules, decode it, measure the speaker, and store
 * the profile with the engine settings derived from it. Running it again for a finished or deleted voice
 * does nothing.
 */
export async function cloneVoice(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  const voice = await startCloneAttempt(rt.db, payload.id);
  if (!voice) {
    ctx.log.info({ voiceId: payload.id }, 'voice already finished or deleted; nothing to do');
    return;
  }
  await withTempDir('clone', async (dir) => {
    const samplePath = join(dir, 'sample');
    let bytes: number;
    try {
      ({ bytes } = await guardedDownload(voice.sampleUrl, samplePath, {
        allowPrivate: rt.config.FETCH_ALLOW_PRIVATE,
        maxBytes: rt.config.VOICE_SAMPLE_MAX_BYTES,
        timeoutMs: rt.config.FETCH_TIMEOUT_MS,
        minRate: minDownloadRate(rt.config),
      }));
    } catch (err) {
      if (!(err instanceof FetchRefusedError)) throw err;
      if (!err.transient) throw cloneFailure(`Could not download the sample: ${err.message}.`);
      // Out of attempts, the last one's cause is the answer (rather than a bare "failed after 3 attempts").
      const { attempt, attempts } = attemptOf(ctx.job);
      if (attempt >= attempts) throw cloneFailure(`The clone failed after ${attempts} attempts to download the sample: ${err.message}.`);
      throw err;
    }
    const started = performance.now();
    let profile: SpeakerProfile;
    try {
      profile = await rt.threads.run('voice.analyze', { path: samplePath });
    } catch (err) {
      if (err instanceof AudioDecodeError || err instanceof SampleRejectedError) throw cloneFailure(err.message);
      throw err;
    }
    const settings = voiceSettingsFromProfile(profile);
    await finishClone(ctx, 'voice.ready', (tx) => completeClone(tx, voice.id, profile, settings));
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

/** A clone out of attempts (or refused outright) ends `failed`, with the reason for whoever polls. */
export async function failVoiceClone(ctx: JobRun, payload: { id: string }, error: JobError): Promise<void> {
  await finishClone(ctx, 'voice.failed', (tx) => failClone(tx, payload.id, error.message));
}

/** Ends the clone and, when that changed it (not a repeated delivery), records its event in the same transaction. */
async function finishClone(ctx: JobRun, type: 'voice.ready' | 'voice.failed', change: (tx: DbOrTx) => Promise<VoiceRow | null>): Promise<void> {
  const { rt } = ctx;
  const accountId = await rt.db.transaction(async (tx) => {
    const row = await change(tx);
    const event = row && (await recordWebhookEvent(tx, { accountId: row.accountId, type, data: clonedVoiceView(row) }));
    return event ? row!.accountId : null;
  });
  if (accountId) await announceWebhookEvents(rt, ctx.log, accountId);
}
