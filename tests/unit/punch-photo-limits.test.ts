import sharp from 'sharp';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ClockRequestSchema } from '../../src/domain/clock/clock-request.ts';
import { MAX_PUNCH_PHOTO_BYTES, MAX_PUNCH_PHOTO_CHARS } from '../../src/domain/clock/punch-photo-limits.ts';
import { base64DecodedLength, dataUrlBase64 } from '../../src/domain/employees/image-type.ts';

/** A face punch's frame (issue 34.4): one limit, read by the request contract, the kiosk and the server's decoder. */
describe('the punch frame limit', () => {
  const urlOf = (bytes: number) => `data:image/jpeg;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

  it('lets the data URL of the largest frame through the contract and refuses a longer one', () => {
    const largest = urlOf(MAX_PUNCH_PHOTO_BYTES);
    expect(largest.length).toBeLessThanOrEqual(MAX_PUNCH_PHOTO_CHARS);
    expect(base64DecodedLength(dataUrlBase64(largest)!)).toBe(MAX_PUNCH_PHOTO_BYTES);
    const body = (photo: string) => ({ action: 'check-in', pin: '100001', photo });
    expect(v.safeParse(ClockRequestSchema, body(largest)).success).toBe(true);
    expect(v.safeParse(ClockRequestSchema, body('x'.repeat(MAX_PUNCH_PHOTO_CHARS + 1))).success).toBe(false);
  });

  it('holds a noisy 640 × 480 camera frame at the kiosk’s first quality', async () => {
    // Sensor noise over the whole frame: the worst case for JPEG.
    const noise = Buffer.alloc(640 * 480 * 3);
    let seed = 1;
    for (let i = 0; i < noise.length; i++) noise[i] = 96 + ((seed = (seed * 1103515245 + 12345) >>> 0) % 64);
    const jpeg = await sharp(noise, { raw: { width: 640, height: 480, channels: 3 } })
      .jpeg({ quality: 70 })
      .toBuffer();
    expect(jpeg.length).toBeLessThan(MAX_PUNCH_PHOTO_BYTES);
  });
});
