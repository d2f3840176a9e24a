import type { ImageStyle } from './types';

/** Remote models take no style parameter, so the style travels as words in the prompt. */
export const STYLE_HINTS: Record<ImageStyle, string> = {
  photorealistic: 'photorealistic photograph, natural lighting, realistic detail',
  illustration: 'flat vector illustration, bold outlines, simple shapes, flat colours',
  abstract: 'abstract generative art, flowing forms, overlapping translucent shapes',
};

/**
 * The prompt with its style in words, within `maxChars` when the model has a limit (dall-e-2 takes 1,000
 * characters, dall-e-3 4,000, and Kiln accepts 4,000 before the style): the style is kept and the prompt
 * shortened at a word, since a refused request draws nothing at all.
 */
export function promptWithStyle(prompt: string, style: ImageStyle, maxChars: number | null = null): string {
  const suffix = `\n\nStyle: ${STYLE_HINTS[style]}.`;
  let text = prompt.trim();
  if (maxChars !== null && text.length + suffix.length > maxChars) {
    const room = Math.max(0, maxChars - suffix.length);
    const cut = text.slice(0, room + 1);
    const space = cut.search(/\s\S*$/);
    text = (space > room / 2 ? cut.slice(0, space) : cut.slice(0, room)).trimEnd();
  }
  return `${text}${suffix}`;
}
