import { findMp3Start } from './mp3-frames';

export type SniffedFormat =
  | { kind: 'wav' }
  | { kind: 'mp3'; firstFrame: number }
  /** `what` names the content for the error message when it is recognisable. */
  | { kind: 'unsupported-audio'; what: string }
  | { kind: 'not-audio'; what: string | undefined };

function ascii(bytes: Uint8Array, start: number, length: number): string {
  if (bytes.length < start + length) return '';
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((b, i) => bytes[at + i] === b);
}

/** Other audio containers people will try: named so the message can say "convert it", not "not audio". */
function otherAudio(bytes: Uint8Array): string | undefined {
  const head4 = ascii(bytes, 0, 4);
  if (head4 === 'OggS') return 'an OGG file';
  if (head4 === 'fLaC') return 'a FLAC file';
  if (head4 === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(bytes, 8, 4))) return 'an AIFF file';
  if (head4 === '#!AM') return 'an AMR file';
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    return brand.startsWith('M4A') || brand.startsWith('M4B') ? 'an M4A (AAC) file' : 'an MP4/QuickTime file';
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'a WebM/Matroska file';
  // ADTS AAC shares MPEG audio's sync word; layer bits 00 are what tell it apart.
  if (bytes.length >= 2 && bytes[0] === 0xff && ((bytes[1] as number) & 0xf6) === 0xf0) return 'an AAC file';
  if (head4 === 'RIFF' && ascii(bytes, 8, 4) === 'AVI ') return 'an AVI video';
  return undefined;
}

function notAudio(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'a PNG image';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'a JPEG image';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'a GIF image';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'a WebP image';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'a PDF document';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return 'a zip archive';
  if (startsWith(bytes, [0x1f, 0x8b])) return 'a gzip archive';
  // `stream` keeps a character cut at byte 512 from reading as invalid UTF-8.
  const text = new TextDecoder('utf-8')
    .decode(bytes.subarray(0, 512), { stream: true })
    .replace(/^\uFEFF/, '')
    .trimStart();
  const lower = text.toLowerCase();
  if (lower.startsWith('<!doctype html') || lower.startsWith('<html') || /^<(head|body|meta|div|script)\b/.test(lower)) return 'HTML';
  if (lower.startsWith('<?xml') || lower.startsWith('<svg')) return 'XML';
  if (text.startsWith('{') || text.startsWith('[')) return 'JSON';
  if (text.length > 0 && !/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text)) return 'text';
  return undefined;
}

/** Decides by content, never by file name or declared MIME type, which uploads routinely get wrong. */
export function sniffFormat(bytes: Uint8Array): SniffedFormat {
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return { kind: 'wav' };
  // RF64 is WAV grown past 4 GB; an upload that size never reaches us, so treat it as unsupported.
  if (ascii(bytes, 0, 4) === 'RF64') return { kind: 'unsupported-audio', what: 'an RF64 (64-bit WAV) file' };
  const other = otherAudio(bytes);
  if (other) return { kind: 'unsupported-audio', what: other };
  const firstFrame = findMp3Start(bytes);
  if (firstFrame !== undefined) return { kind: 'mp3', firstFrame };
  return { kind: 'not-audio', what: notAudio(bytes) };
}
