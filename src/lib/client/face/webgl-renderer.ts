/**
 * Whether a WebGL renderer's name (WEBGL_debug_renderer_info, or RENDERER) is drawn in software
 * on the CPU: SwiftShader (Chromium without a usable GPU, as on headless test machines), Mesa's
 * llvmpipe and softpipe, Microsoft's Basic Render Driver. There WebGL is the slowest way to run
 * TensorFlow.js (decision 045), and the face worker takes WebAssembly instead. An empty name
 * (hidden by the browser) is taken for a real GPU.
 */
export function isSoftwareRenderer(renderer: string): boolean {
  return /swiftshader|llvmpipe|softpipe|software|basic render driver/i.test(renderer);
}
