import type SharpModule from 'sharp';

let loading: Promise<typeof SharpModule> | undefined;

/**
 * sharp (libvips, about 20 MB of resident memory) loaded on first use rather than at startup:
 * only photo uploads, clock thumbnails and punch snapshots need it, and the idle server must stay
 * under architecture.md's 150 MB (decision 017).
 */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
