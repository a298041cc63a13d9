import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { FACES } from './faces.ts';

export { FACES };

/** Chromium flags that play a Y4M file as the camera and grant camera access without asking. */
export function fakeCameraArgs(video: string): string[] {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`];
}

/**
 * A Y4M video (what Chromium's fake camera plays, in a loop) of a face crop in the middle of a
 * larger grey frame, as a kiosk camera sees a face: 640 × 480, 4:2:0, 10 frames per second.
 * `sway` moves the face sideways by up to that many pixels and back, and up and down by half as
 * much, over a 3-second loop (a live person never holds perfectly still; 0 = a photo held still,
 * 10 identical frames). `faceSide` is the face's size.
 */
export async function writeFaceVideo(file: string, out: string, options: { sway?: number; faceSide?: number; frames?: number } = {}): Promise<void> {
  const [width, height] = [640, 480];
  const side = options.faceSide ?? 240;
  const sway = options.sway ?? 0;
  const count = options.frames ?? (sway > 0 ? 30 : 10);
  const face = await sharp(path.isAbsolute(file) ? file : path.join(FACES, file)).resize(side, side).removeAlpha().toColourspace('srgb').raw().toBuffer();
  const frames: Buffer[] = [];
  for (let f = 0; f < count; f++) {
    // Sideways once and up and down three times per loop: no two moments of a loop look alike.
    const dx = Math.round(sway * Math.sin((2 * Math.PI * f) / count));
    const dy = Math.round((sway / 2) * Math.sin((6 * Math.PI * f) / count));
    const rgb = Buffer.alloc(width * height * 3, 128);
    const left = Math.round((width - side) / 2) + dx;
    const top = Math.round((height - side) / 2) + dy;
    for (let y = 0; y < side; y++) face.copy(rgb, ((top + y) * width + left) * 3, y * side * 3, (y + 1) * side * 3);
    frames.push(Buffer.concat([Buffer.from('FRAME\n'), ...yuv420(rgb, width, height)]));
  }
  writeFileSync(out, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...frames]));
}

/** RGB (8-bit, packed) to the Y, U and V planes of 4:2:0 video (BT.601 full range, as JPEG). */
export function yuv420(rgb: Buffer, width: number, height: number): [Buffer, Buffer, Buffer] {
  const Y = Buffer.alloc(width * height);
  const U = Buffer.alloc((width / 2) * (height / 2));
  const V = Buffer.alloc((width / 2) * (height / 2));
  for (let i = 0; i < width * height; i++) {
    Y[i] = Math.round(0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!);
  }
  for (let y = 0; y < height / 2; y++) {
    for (let x = 0; x < width / 2; x++) {
      let [r, g, b] = [0, 0, 0];
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
        const i = ((2 * y + dy) * width + 2 * x + dx) * 3;
        r += rgb[i]! / 4;
        g += rgb[i + 1]! / 4;
        b += rgb[i + 2]! / 4;
      }
      U[y * (width / 2) + x] = Math.round(-0.168736 * r - 0.331264 * g + 0.5 * b + 128);
      V[y * (width / 2) + x] = Math.round(0.5 * r - 0.418688 * g - 0.081312 * b + 128);
    }
  }
  return [Y, U, V];
}
