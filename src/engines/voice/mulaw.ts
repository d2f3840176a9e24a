/** G.711 µ-law, the 8-bit companding of North American and Japanese telephony (ITU-T G.711). */

const BIAS = 0x84;
const CLIP = 32_635;

export function linearToMulaw(sample: number): number {
  let s = sample | 0;
  const sign = s < 0 ? 0x80 : 0;
  if (sign) s = -s;
  if (s > CLIP) s = CLIP;
  s += BIAS;
  // Segment = position of the highest set bit above bit 7 (0–7).
  const exponent = Math.max(0, 31 - Math.clz32(s) - 7);
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

export function mulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = ((((u & 0x0f) << 3) + BIAS) << exponent) - BIAS;
  return u & 0x80 ? -magnitude : magnitude;
}

export function encodeMulaw(pcm: Int16Array): Uint8Array {
  const out = new Uint8Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = linearToMulaw(pcm[i] as number);
  return out;
}
