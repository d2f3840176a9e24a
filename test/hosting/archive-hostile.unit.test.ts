import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveError, extractSiteArchive } from '../../src/hosting/archive';
import { HOSTILE_ARCHIVES } from './archive-hostile';
import { makeTempDir } from './support/archive-fixtures';

/** Only catches a hang: a build that loops for minutes fails here instead of timing out the suite. */
const HANG_DEADLINE_MS = 5 * 60_000;

let temp: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  temp = await makeTempDir();
});
afterAll(() => temp.cleanup());

// Each of these is under 1 MB and was built to make extraction do as much work per byte as it can;
// bench/hostile-inputs.ts measures what each costs.
describe('hostile archives under 1 MB end with a clear refusal, or are read within the caps', () => {
  for (const archive of HOSTILE_ARCHIVES) {
    it(`${archive.name}: ${archive.shape}`, { timeout: HANG_DEADLINE_MS }, async () => {
      const data = await archive.build();
      expect(data.length).toBeLessThan(1024 * 1024);
      const path = await temp.write(archive.name, data);
      let files = 0;
      const outcome = await extractSiteArchive(path, undefined, async () => {
        files += 1;
      }).then(
        () => null,
        (err: unknown) => err,
      );
      if ('refused' in archive.expected) {
        expect(outcome).toBeInstanceOf(ArchiveError);
        expect((outcome as ArchiveError).code, (outcome as Error).message).toBe(archive.expected.refused);
        expect((outcome as Error).message).toMatch(archive.expected.message);
        // Refused in the plan, before any file was handed out.
        expect(files).toBe(0);
      } else {
        expect(outcome).toBeNull();
        expect(files).toBe(archive.expected.files);
      }
    });
  }
});
