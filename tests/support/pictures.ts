/**
 * Pictures made on the spot for the media tests and `npm run bench:media` (nothing binary in
 * git): a photograph-like JPEG (smooth gradients and sensor-like noise, which encoders find as
 * hard as a real photo), carrying EXIF with a camera, a date, a GPS position and an orientation.
 */
import sharp from 'sharp';

/** Abuja, National Mosque: a position that must never reach a published copy. */
export const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '9/1 3/1 4213/100', GPSLongitudeRef: 'E', GPSLongitude: '7/1 29/1 1096/100' };

/**
 * Raw RGB pixels: gradients, a soft highlight, texture at several scales (value noise at 6, 24
 * and 96 px, as fabric, skin and foliage give a photo) and sensor noise; deterministic. The
 * texture survives downscaling, so the encoders work as hard as on a photograph.
 */
export function photoPixels(width: number, height: number, seed = 7): Buffer {
  const px = Buffer.alloc(width * height * 3);
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) - 0.5;
  const octaves = [6, 24, 96].map((cell) => {
    const gw = Math.ceil(width / cell) + 2;
    const gh = Math.ceil(height / cell) + 2;
    const grid = new Float32Array(gw * gh);
    for (let i = 0; i < grid.length; i++) grid[i] = rnd();
    return { cell, gw, grid };
  });
  const noiseAt = (x: number, y: number) => {
    let v = 0;
    for (const { cell, gw, grid } of octaves) {
      const fx = x / cell;
      const fy = y / cell;
      const ix = Math.floor(fx);
      const iy = Math.floor(fy);
      const tx = fx - ix;
      const ty = fy - iy;
      const a = grid[iy * gw + ix]!;
      const b = grid[iy * gw + ix + 1]!;
      const c = grid[(iy + 1) * gw + ix]!;
      const d = grid[(iy + 1) * gw + ix + 1]!;
      v += (a + (b - a) * tx + (c - a) * ty + (a - b - c + d) * tx * ty) * (cell === 6 ? 40 : cell === 24 ? 50 : 70);
    }
    return v;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = rnd() * 14;
      const t = noiseAt(x, y);
      const u = x / width;
      const v = y / height;
      const blob = Math.exp(-(((u - 0.6) ** 2 + (v - 0.4) ** 2) / 0.02)) * 90;
      px[i] = Math.max(0, Math.min(255, 60 + 120 * u + blob + t + n));
      px[i + 1] = Math.max(0, Math.min(255, 90 + 70 * Math.sin(v * 6 + u * 3) + t * 0.8 + n));
      px[i + 2] = Math.max(0, Math.min(255, 170 - 100 * v + blob / 2 + t * 0.6 + n));
    }
  }
  return px;
}

export interface PhotoOptions {
  width: number;
  height: number;
  /** EXIF orientation 1-8 (6: the camera was turned a quarter clockwise). */
  orientation?: number;
  quality?: number;
}

/** A JPEG as a phone writes it: EXIF with make, model, date, GPS and orientation. */
export async function phonePhoto({ width, height, orientation = 1, quality = 90 }: PhotoOptions): Promise<Buffer> {
  return sharp(photoPixels(width, height), { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .withExif({ IFD0: { Make: 'Clinic Test Phone', Model: 'Model 12', Software: 'Camera 1.0', DateTime: '2026:03:14 09:30:00' }, IFD3: GPS })
    .withMetadata({ orientation })
    .toBuffer();
}

/** True when an EXIF block holds a GPS directory (tag 0x8825, either byte order). */
export function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}
