/**
 * Upload progress for people. On a terminal: one line redrawn in place (`\r`, then erase to the end); in a log
 * or a pipe: a plain line at each tenth, so a CI log shows progress without a line per file.
 */
export interface Progress {
  update(done: number, total: number, bytes: number, totalBytes: number): void;
  end(): void;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}

/** The bar itself, pure: `[#####-----]  12/40 files  1.2 MB/4.0 MB  30%`. */
export function progressLine(done: number, total: number, bytes: number, totalBytes: number, width = 24): string {
  const ratio = totalBytes > 0 ? bytes / totalBytes : total > 0 ? done / total : 1;
  const filled = Math.min(width, Math.round(ratio * width));
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} files  ${formatBytes(bytes)}/${formatBytes(totalBytes)}  ${Math.floor(ratio * 100)}%`;
}

export function createProgress(out: NodeJS.WriteStream, enabled: boolean): Progress {
  if (!enabled) return { update() {}, end() {} };
  if (out.isTTY) {
    let last = 0;
    let drawn = false;
    return {
      update(done, total, bytes, totalBytes) {
        const now = Date.now();
        // At most ~20 redraws a second: a 10,000-file upload would otherwise spend its time painting.
        if (done !== total && now - last < 50) return;
        last = now;
        drawn = true;
        out.write(`\r${progressLine(done, total, bytes, totalBytes)}\x1b[K`);
      },
      end() {
        if (drawn) out.write('\n');
      },
    };
  }
  let shownTenth = -1;
  return {
    update(done, total, bytes, totalBytes) {
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth === shownTenth) return;
      shownTenth = tenth;
      out.write(`Uploaded ${done}/${total} files (${formatBytes(bytes)} of ${formatBytes(totalBytes)})\n`);
    },
    end() {},
  };
}
