export const IMAGE_STYLES = ['photorealistic', 'illustration', 'abstract'] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];

export interface ImageRequest {
  prompt: string;
  style: ImageStyle;
  width: number;
  height: number;
  /** 0-based position within a multi-image request, so each of `count` images differs but stays deterministic. */
  variant: number;
}

export interface ImageProvider {
  readonly name: string;
  /** Returns PNG bytes of exactly width x height. */
  generate(req: ImageRequest, signal?: AbortSignal): Promise<Buffer>;
}

export function isImageStyle(value: unknown): value is ImageStyle {
  return typeof value === 'string' && (IMAGE_STYLES as readonly string[]).includes(value);
}
