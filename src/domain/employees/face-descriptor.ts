/**
 * A face descriptor: the 128 numbers face-api's recognition net computes for one face. Stored as
 * 128 little-endian float32 values (512 bytes); never sent back in API answers.
 */

export const DESCRIPTOR_LENGTH = 128;
export const DESCRIPTOR_BYTES = DESCRIPTOR_LENGTH * 4;

/**
 * Sane bounds. Measured with @vladmandic/face-api 1.7.15 in Chromium (SSD, the 24 padded face
 * fixtures): every value lies within -0.40..0.53 and the Euclidean norm within 1.31..1.62. The
 * bounds leave room for other faces and backends while refusing junk (zeros, huge values).
 */
export const DESCRIPTOR_MAX_ABS = 1;
export const DESCRIPTOR_MIN_NORM = 0.3;
export const DESCRIPTOR_MAX_NORM = 3;

/** True for exactly 128 finite numbers within the bounds above. */
export function isValidDescriptor(value: unknown): value is number[] {
  if (!Array.isArray(value) || value.length !== DESCRIPTOR_LENGTH) return false;
  let sum = 0;
  for (const x of value) {
    if (typeof x !== 'number' || !Number.isFinite(x) || Math.abs(x) > DESCRIPTOR_MAX_ABS) return false;
    sum += x * x;
  }
  const norm = Math.sqrt(sum);
  return norm >= DESCRIPTOR_MIN_NORM && norm <= DESCRIPTOR_MAX_NORM;
}

/** 128 numbers -> 512 bytes, float32 little-endian (the face_descriptors.descriptor format). */
export function descriptorToBytes(descriptor: readonly number[] | Float32Array): Uint8Array {
  if (descriptor.length !== DESCRIPTOR_LENGTH) throw new RangeError(`a descriptor has ${DESCRIPTOR_LENGTH} values`);
  const bytes = new Uint8Array(DESCRIPTOR_BYTES);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < DESCRIPTOR_LENGTH; i++) view.setFloat32(i * 4, descriptor[i]!, true);
  return bytes;
}

/** 512 bytes -> 128 float32 values. */
export function bytesToDescriptor(bytes: Uint8Array): Float32Array {
  if (bytes.length !== DESCRIPTOR_BYTES) throw new RangeError(`a stored descriptor has ${DESCRIPTOR_BYTES} bytes`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(DESCRIPTOR_LENGTH);
  for (let i = 0; i < DESCRIPTOR_LENGTH; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
