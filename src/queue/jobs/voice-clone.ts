import { defineJob, rowPayload } from './define';

export const voiceCloneJob = defineJob({
  name: 'voice.clone',
  queue: 'voice',
  description: "Downloads a clone's sample, measures the speaker and stores the voice settings.",
  payload: rowPayload,
});
