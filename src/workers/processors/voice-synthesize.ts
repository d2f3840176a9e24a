import { join } from 'node:path';
import { audioFormat } from '../../engines/voice/audio-format';
import { voiceSynthesizeJob } from '../../queue/jobs';
import { cdnUrl } from '../../storage';
import { resolveSpeakingVoice } from '../../voices/speaking-voice';
import type { JobRun } from '../../queue/job-run';
import { PermanentJobError, refusedByProvider } from '../errors';
import { runRequestJob } from '../run-request-job';
import { withTempDir } from '../../lib/temp-dir';

const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
const PROGRESS_EVERY_MS = 5_000;

/**
 * Speaks one synthesis request into a temp file in the requested format, stores it on the CDN under a key fixed by the request id
 * (a retry overwrites rather than leaves orphans), and bills the measured seconds, rounded up.
 */
export async function synthesizeSpeech(ctx: JobRun, payload: { id: string }): Promise<void> {
  const { rt } = ctx;
  await runRequestJob(ctx, voiceSynthesizeJob, payload.id, async (row, input) => {
    // The route checked this; a clone deleted since then is refused the same way.
    const speaking = await resolveSpeakingVoice(rt.db, row.accountId, { voiceId: input.voice_id, language: input.language });
    if (!speaking.ok) throw new PermanentJobError({ code: 'invalid_parameter', message: speaking.message });

    const format = audioFormat(input.format);
    return withTempDir('tts', async (dir) => {
      const outPath = join(dir, `speech.${format.extension}`);
      const started = performance.now();
      let lastSaid = started;
      const spoken = await rt.speechProvider
        .synthesize(
          {
            text: input.text,
            language: speaking.language,
            voice: speaking.voice,
            speed: input.speed,
            format: input.format,
            timestamps: input.timestamps,
          },
          outPath,
          {
            onProgress: (p) => {
              const now = performance.now();
              if (now - lastSaid < PROGRESS_EVERY_MS) return;
              lastSaid = now;
              ctx.log.info({ jobId: row.id, done: p.doneChars, of: p.totalChars, audioSeconds: Math.round(p.audioSeconds) }, 'synthesising');
            },
          },
        )
        .catch((err: unknown) => {
          throw refusedByProvider(err, 'speech');
        });
      const key = `audio/${row.id}.${format.extension}`;
      await rt.store.putFile(key, outPath, format.contentType);
      const createdAt = new Date();
      const expiresAt = new Date(createdAt.getTime() + LINK_LIFETIME_MS);
      const durationSeconds = Math.round(spoken.durationSeconds * 1000) / 1000;
      ctx.log.info(
        {
          jobId: row.id,
          voice: speaking.voice.id,
          language: speaking.language,
          format: input.format,
          chars: input.text.length,
          audioSeconds: durationSeconds,
          ms: Math.round(performance.now() - started),
        },
        'speech synthesised',
      );
      return {
        result: {
          id: row.id,
          audio_url: cdnUrl(rt.config.CDN_URL, key, expiresAt.getTime(), rt.config.CDN_SIGNING_SECRET),
          format: input.format,
          content_type: format.contentType,
          duration_seconds: durationSeconds,
          ...(spoken.words ? { words: spoken.words } : {}),
          created_at: createdAt.toISOString(),
        },
        bill: [{ metric: 'audio_seconds', quantity: Math.max(1, Math.ceil(spoken.durationSeconds)) }],
        files: [{ storageKey: key, accountId: row.accountId, sourceId: row.id, contentType: format.contentType, sizeBytes: spoken.bytes, expiresAt }],
      };
    });
  });
}
