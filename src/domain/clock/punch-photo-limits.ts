/**
 * A face punch's camera frame (`photo`, issue 34.4): a JPEG, PNG or WebP of at most this many
 * bytes. The kiosk sends its 640 × 480 frame as a JPEG of 20–60 KB and lowers the quality until it
 * fits (a noisy frame in low light can be larger); the server's JSON limit is 256 KB.
 */
export const MAX_PUNCH_PHOTO_BYTES = 128 * 1024;
/** The same limit on the `data:` URL's characters (base64 and its prefix). */
export const MAX_PUNCH_PHOTO_CHARS = Math.ceil(MAX_PUNCH_PHOTO_BYTES / 3) * 4 + 64;
