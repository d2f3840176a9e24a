import { readPngSize } from './png-info';

/** Returns the PNG unchanged when it already has the size, else scaled to cover a canvas of exactly that size. */
export async function resizePng(png: Buffer, width: number, height: number): Promise<Buffer> {
  const size = readPngSize(png);
  if (size.width === width && size.height === height) return png;
  // Loaded here, not on import: only a provider answering the wrong size needs the native canvas.
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(png);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  // Cover, not stretch: crop the overflow so a square result fills a portrait frame without distortion.
  const scale = Math.max(width / size.width, height / size.height);
  const drawW = size.width * scale;
  const drawH = size.height * scale;
  ctx.drawImage(image, (width - drawW) / 2, (height - drawH) / 2, drawW, drawH);
  return canvas.encode('png');
}
