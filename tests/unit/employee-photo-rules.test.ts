import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ConsentInput, dataUrlTooLong, EnrolPhotoInput, employeeImageUrl, isPhotoId, makePhotoId, photoCreatedAt, photoImageUrl, PhotoUploadInput } from '../../src/domain/employees/employee-photos.ts';
import { bytesToDescriptor, descriptorToBytes, isValidDescriptor } from '../../src/domain/employees/face-descriptor.ts';
import { base64DecodedLength, checkPhotoBytes, dataUrlBase64, PHOTO_LIMITS, readImageSize, sniffImageType } from '../../src/domain/employees/image-type.ts';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { FACES } from '../helpers/faces.ts';

const solid = (width: number, height: number, channels: 3 | 4 = 3) => sharp({ create: { width, height, channels, background: { r: 90, g: 120, b: 150, alpha: 0.5 } } });

describe('photo type by magic bytes', () => {
  it('recognises JPEG, PNG and WebP whatever the name, and nothing else', async () => {
    expect(sniffImageType(readFileSync(path.join(FACES, 'amy1.png')))).toBe('image/png');
    expect(sniffImageType(readFileSync(path.join(FACES, 'group.jpg')))).toBe('image/jpeg');
    expect(sniffImageType(await solid(80, 80).webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(Buffer.from('hello, I am a text file called photo.jpg'))).toBeNull();
    expect(sniffImageType(await solid(80, 80).gif().toBuffer())).toBeNull();
    expect(sniffImageType(await solid(80, 80).tiff().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('reads dimensions from the headers of every variant', async () => {
    const cases: Array<[Buffer, string, number, number]> = [
      [readFileSync(path.join(FACES, 'amy1.png')), 'image/png', 150, 150],
      [readFileSync(path.join(FACES, 'group.jpg')), 'image/jpeg', 710, 473],
      [await solid(321, 123).jpeg({ progressive: true }).toBuffer(), 'image/jpeg', 321, 123],
      [
        await solid(200, 90)
          .jpeg()
          .withExif({ IFD0: { Copyright: 'x'.repeat(300) } })
          .toBuffer(),
        'image/jpeg',
        200,
        90,
      ],
      [await solid(301, 77).webp().toBuffer(), 'image/webp', 301, 77],
      [await solid(302, 78).webp({ lossless: true }).toBuffer(), 'image/webp', 302, 78],
      [await solid(303, 79, 4).webp({ alphaQuality: 50 }).toBuffer(), 'image/webp', 303, 79],
      [await solid(5000, 64).png().toBuffer(), 'image/png', 5000, 64],
    ];
    for (const [bytes, type, width, height] of cases) {
      expect(sniffImageType(bytes)).toBe(type);
      expect(readImageSize(bytes, type as 'image/png')).toEqual({ width, height });
    }
  });

  it('gives up on damaged headers instead of guessing', async () => {
    const png = readFileSync(path.join(FACES, 'amy1.png'));
    expect(readImageSize(png.subarray(0, 20), 'image/png')).toBeNull();
    const jpeg = readFileSync(path.join(FACES, 'group.jpg'));
    expect(readImageSize(jpeg.subarray(0, 30), 'image/jpeg')).toBeNull();
    expect(readImageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]), 'image/jpeg')).toBeNull();
    expect(readImageSize(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0, 4, 0, 0]), 'image/jpeg')).toBeNull();
    expect(readImageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1, 0, 0]), 'image/jpeg')).toBeNull();
    const webp = await solid(100, 100).webp().toBuffer();
    const broken = Buffer.from(webp);
    broken[23] = 0;
    expect(readImageSize(broken, 'image/webp')).toBeNull();
    const zero = Buffer.from(png);
    zero.writeUInt32BE(0, 16);
    expect(readImageSize(zero, 'image/png')).toBeNull();
  });

  it('checks size and dimensions against the limits, first problem first', async () => {
    expect(checkPhotoBytes(readFileSync(path.join(FACES, 'amy1.png')))).toEqual({ ok: true, type: 'image/png', width: 150, height: 150 });
    expect(checkPhotoBytes(new Uint8Array())).toEqual({ ok: false, problem: 'photos.empty' });
    expect(checkPhotoBytes(Buffer.from('plain text'))).toEqual({ ok: false, problem: 'photos.notAnImage' });
    expect(checkPhotoBytes(new Uint8Array(PHOTO_LIMITS.maxBytes + 1))).toEqual({ ok: false, problem: 'photos.tooLarge' });
    expect(checkPhotoBytes(await solid(63, 200).png().toBuffer())).toEqual({ ok: false, problem: 'photos.tooSmall' });
    expect(checkPhotoBytes(await solid(64, 64).png().toBuffer())).toMatchObject({ ok: true });
    expect(checkPhotoBytes(await solid(6000, 64).png().toBuffer())).toMatchObject({ ok: true });
    expect(checkPhotoBytes(await solid(64, 6001).png().toBuffer())).toEqual({ ok: false, problem: 'photos.tooBig' });
    // A PNG header claiming 100000 × 100000 pixels is refused before anything decodes it.
    const bomb = Buffer.from(readFileSync(path.join(FACES, 'amy1.png')));
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    expect(checkPhotoBytes(bomb)).toEqual({ ok: false, problem: 'photos.tooBig' });
  });

  it('the messages state the limits the code enforces, in both languages', () => {
    expect(PHOTO_LIMITS).toEqual({ maxBytes: 5 * 1024 * 1024, minSide: 64, maxSide: 6000 });
    for (const t of [en.photos, es.photos]) {
      expect(t.tooLarge).toContain('5 MB');
      expect(t.tooSmall).toContain('64 × 64');
      expect(t.tooBig).toContain('6000 × 6000');
    }
  });
});

describe('base64 data URLs', () => {
  it('takes the payload of a well-formed data URL, ignoring the declared type', () => {
    expect(dataUrlBase64('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    expect(dataUrlBase64('data:application/octet-stream;base64,AAAA')).toBe('AAAA');
    expect(dataUrlBase64('data:image/jpeg;name=photo.jpg;base64,AAAA')).toBe('AAAA');
    expect(dataUrlBase64('data:image/png;base64,')).toBe('');
  });

  it('refuses anything else', () => {
    for (const bad of [
      'iVBORw0KGgo=',
      'data:image/png,rawtext',
      'data:image/png;base64,abc',
      'data:image/png;base64,ab$d',
      'data:image/png;base64,A===',
      'http://example.com/x.png',
      `data:${'x'.repeat(120)}/png;base64,AAAA`,
      'data:;base64,AAAA',
    ]) {
      expect(dataUrlBase64(bad), bad).toBeNull();
    }
  });

  it('computes the decoded size without decoding', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 1000]) {
      const b64 = Buffer.alloc(n, 7).toString('base64');
      expect(base64DecodedLength(b64)).toBe(n);
    }
  });
});

describe('face descriptors', () => {
  const good = Array.from({ length: 128 }, (_, i) => Math.sin(i) * 0.13);

  it('accepts exactly 128 finite numbers within the sane range', () => {
    expect(isValidDescriptor(good)).toBe(true);
    expect(isValidDescriptor(good.slice(1))).toBe(false);
    expect(isValidDescriptor([...good, 0])).toBe(false);
    expect(isValidDescriptor(good.map((x, i) => (i === 9 ? Number.NaN : x)))).toBe(false);
    expect(isValidDescriptor(good.map((x, i) => (i === 9 ? Number.POSITIVE_INFINITY : x)))).toBe(false);
    expect(isValidDescriptor(good.map((x, i) => (i === 9 ? 1.5 : x)))).toBe(false);
    expect(isValidDescriptor(good.map((x, i) => (i === 9 ? '0.1' : x)))).toBe(false);
    expect(isValidDescriptor(new Array(128).fill(0))).toBe(false);
    expect(isValidDescriptor(new Array(128).fill(0.9))).toBe(false);
    expect(isValidDescriptor('x'.repeat(128))).toBe(false);
    expect(isValidDescriptor(null)).toBe(false);
    expect(isValidDescriptor(new Float32Array(128))).toBe(false);
  });

  it('round-trips through 512 little-endian float32 bytes', () => {
    const bytes = descriptorToBytes(good);
    expect(bytes.length).toBe(512);
    expect(new DataView(bytes.buffer).getFloat32(4, true)).toBeCloseTo(good[1]!, 6);
    const back = bytesToDescriptor(bytes);
    good.forEach((x, i) => expect(back[i]).toBeCloseTo(x, 6));
    expect(() => descriptorToBytes(good.slice(2))).toThrow(RangeError);
    expect(() => bytesToDescriptor(new Uint8Array(511))).toThrow(RangeError);
    // A view into a larger buffer reads from its own offset.
    const padded = new Uint8Array(520);
    padded.set(bytes, 8);
    expect(Array.from(bytesToDescriptor(padded.subarray(8)))).toEqual(Array.from(back));
  });
});

describe('photo ids, URLs and request bodies', () => {
  it('makes sortable, unguessable ids that are safe as file names', () => {
    const id = makePhotoId(Date.UTC(2026, 10, 21, 12), 'A1b2C3d4E5f60718293a4b5c');
    expect(id).toMatch(/^[0-9a-z]+-[0-9a-f]{24}$/);
    expect(photoCreatedAt(id)).toBe('2026-11-21T12:00:00.000Z');
    const later = makePhotoId(Date.UTC(2026, 10, 21, 13), '000000000000000000000000');
    expect(later > id).toBe(true);
    expect(() => makePhotoId(Date.now(), 'short')).toThrow(RangeError);
    expect(() => makePhotoId(Date.now(), '../../../../etc/passwd00')).toThrow(RangeError);
    for (const bad of ['', '..', '../x', 'lzx8h1c0-ABCDEF0123456789abcdef01', 'lzx8h1c0-abcdef0123456789abcdef01.png', 'lzx8h1c0_abcdef0123456789abcdef01', 42, null]) {
      expect(isPhotoId(bad), String(bad)).toBe(false);
    }
    expect(isPhotoId('lzx8h1c0-abcdef0123456789abcdef01')).toBe(true);
  });

  it('builds the authenticated image URL, also from an employee record', () => {
    expect(photoImageUrl(7, 'lzx8h1c0-abcdef0123456789abcdef01')).toBe('/api/employees/7/photos/lzx8h1c0-abcdef0123456789abcdef01/image');
    expect(employeeImageUrl({ _id: 7, image: 'lzx8h1c0-abcdef0123456789abcdef01' })).toBe('/api/employees/7/photos/lzx8h1c0-abcdef0123456789abcdef01/image');
    expect(employeeImageUrl({ _id: 7, image: null })).toBeNull();
    expect(employeeImageUrl({ _id: 7, image: 'https://elsewhere.example/x.png' })).toBeNull();
  });

  it('validates upload, enrolment and consent bodies with message keys; refuses face numbers from a client (issue 34.4)', () => {
    const descriptor = Array.from({ length: 128 }, (_, i) => Math.cos(i) * 0.1);
    expect(v.parse(PhotoUploadInput, { image: 'data:image/png;base64,AAAA' })).toEqual({ image: 'data:image/png;base64,AAAA', enrol: false });
    expect(v.parse(PhotoUploadInput, { image: 'data:x/y;base64,AAAA', enrol: true })).toMatchObject({ enrol: true });
    const missing = v.safeParse(PhotoUploadInput, { image: '' });
    expect(missing.issues?.[0]?.message).toBe('photos.imageRequired');
    for (const numbers of [descriptor, [1, 2, 3]]) {
      const sent = v.safeParse(PhotoUploadInput, { image: 'data:x/y;base64,AAAA', descriptor: numbers });
      expect(sent.issues?.[0]?.message).toBe('photos.descriptorFromClient');
      expect(v.safeParse(EnrolPhotoInput, { descriptor: numbers }).issues?.[0]?.message).toBe('photos.descriptorFromClient');
    }
    expect(v.safeParse(EnrolPhotoInput, {}).success).toBe(true);
    expect(v.safeParse(EnrolPhotoInput, undefined).success).toBe(true);
    expect(v.parse(ConsentInput, { consent: false })).toEqual({ consent: false });
    expect(v.safeParse(ConsentInput, { consent: 'yes' }).success).toBe(false);
    expect(dataUrlTooLong('data:image/png;base64,' + 'A'.repeat(Math.ceil(PHOTO_LIMITS.maxBytes / 3) * 4))).toBe(false);
    expect(dataUrlTooLong('data:image/png;base64,' + 'A'.repeat(Math.ceil(PHOTO_LIMITS.maxBytes / 3) * 4 + 200))).toBe(true);
  });
});
