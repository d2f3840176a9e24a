import { open, type Entry, type ZipFile } from 'yauzl';

/** Turns yauzl's error into the caller's own error type, with what was being done. */
export type ZipErrorWrapper = (err: unknown, context: string) => Error;

/**
 * Opens a zip for walking its central directory one entry at a time. Names are left undecoded: each
 * caller decodes (and judges) them itself, rather than have yauzl refuse the whole archive over one name.
 */
export function openZipFile(filePath: string, wrap: ZipErrorWrapper): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    open(filePath, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (err, zip) => {
      if (err) return reject(wrap(err, 'zip archive cannot be read'));
      // Late errors (a failed close of the file descriptor) must not crash the process.
      zip.on('error', () => undefined);
      resolve(zip);
    });
  });
}

/** The next central directory entry, or null at the end. */
export function nextZipEntry(zip: ZipFile, wrap: ZipErrorWrapper): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const done = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: Entry) => (done(), resolve(entry));
    const onEnd = () => (done(), resolve(null));
    const onError = (err: Error) => (done(), reject(wrap(err, 'zip directory is corrupt')));
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}
