import type { FileChatProvider } from './provider';

/** The built-in provider: the engine's answer is already in the document's own words, so it is the answer. */
export function createLocalFileChatProvider(): FileChatProvider {
  return {
    name: 'local',
    async compose(req, signal) {
      signal?.throwIfAborted();
      return req.draft.answer;
    },
  };
}
