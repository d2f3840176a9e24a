import type { ImageStyle } from './types';

/** Remote models take no style parameter, so the style travels as words in the prompt. */
export const STYLE_HINTS: Record<ImageStyle, string> = {
  photorealistic: 'photorealistic photograph, natural lighting, realistic detail',
  illustration: 'flat vector illustration, bold outlines, simple shapes, flat colours',
  abstract: 'abstract generative art, flowing forms, overlapping translucent shapes',
};

export function promptWithStyle(prompt: string, style: ImageStyle): string {
  return `${prompt.trim()}\n\nStyle: ${STYLE_HINTS[style]}.`;
}
