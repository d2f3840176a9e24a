/** spec 2.8: a source's excerpt is at most this many characters, the ellipsis included. */
export const MAX_EXCERPT_CHARS = 300;

/** `text` with whitespace collapsed, cut to `max` characters at a word boundary and ended with '…' when cut. */
export function clip(text: string, max = MAX_EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  // A single word longer than half the room would leave almost nothing: cut it instead.
  const wholeWords = flat[max - 1] === ' ';
  const cut = wholeWords ? room : space >= max / 2 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:]+$/, '')}…`;
}
