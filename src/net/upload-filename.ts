const MAX_FILENAME_CHARS = 255;

/**
 * The name as the client sent it, minus what must never travel further: directory parts (some clients
 * send a full path), control characters, and excess length. Empty becomes `upload`.
 */
export function sanitizeFilename(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return Array.from(clean).slice(0, MAX_FILENAME_CHARS).join('') || 'upload';
}
