import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer } from '../../src/lib/client/face/webgl-renderer.ts';

describe('isSoftwareRenderer (decision 045: WebGL drawn on the CPU is skipped for WebAssembly)', () => {
  it('names the software renderers Chromium, Mesa and Windows report', () => {
    for (const name of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'Google SwiftShader',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'ANGLE (Mesa, llvmpipe (LLVM 15.0.6 256 bits), OpenGL 4.5)',
      'softpipe',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)',
    ]) {
      expect(isSoftwareRenderer(name), name).toBe(true);
    }
  });

  it('keeps real GPUs, and a name the browser hides, on WebGL', () => {
    for (const name of ['V3D 4.2', 'ANGLE (Broadcom, V3D 4.2, OpenGL ES 3.1)', 'Mali-G52', 'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)', 'Apple GPU', 'WebKit WebGL', '']) {
      expect(isSoftwareRenderer(name), name).toBe(false);
    }
  });
});
