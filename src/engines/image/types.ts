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

export interface GeneratedImage {
  /** PNG bytes of exactly the requested width x height. */
  png: Buffer;
  /**
   * What the picture shows, in words (OpenAI's `revised_prompt`): the built-in renderer always writes
   * one; a remote server's is passed on when it sends one.
   */
  revisedPrompt?: string;
  /**
   * Set when the model drew at another size than asked and the picture was scaled (and cropped) to
   * the size asked, saying so: "drawn by dall-e-2 at 1024x1024, cropped and scaled to 1024x1792".
   */
  note?: string;
}

export interface ImageProvider {
  readonly name: string;
  generate(req: ImageRequest, signal?: AbortSignal): Promise<GeneratedImage>;
}

export function isImageStyle(value: unknown): value is ImageStyle {
  return typeof value === 'string' && (IMAGE_STYLES as readonly string[]).includes(value);
}
