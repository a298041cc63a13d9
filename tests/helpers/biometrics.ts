import type { Client } from './http-client.ts';

/**
 * Face recognition starts off on new installations and the demo (decision 047); tests that clock
 * with a face turn it on as an administrator would: the notice acknowledged, through its own
 * endpoint (PUT /api/settings refuses to switch it). Throws with the answer when refused.
 */
export async function enableFaceRecognition(admin: Client): Promise<void> {
  const res = await admin.post('/api/settings/face-recognition', { enabled: true, acknowledged: true });
  if (res.status !== 200) throw new Error(`enableFaceRecognition: ${res.status} ${await res.text()}`);
}

/** Turns face recognition off again (descriptors kept unless asked). */
export async function disableFaceRecognition(admin: Client, deleteDescriptors = false): Promise<void> {
  const res = await admin.post('/api/settings/face-recognition', { enabled: false, deleteDescriptors });
  if (res.status !== 200) throw new Error(`disableFaceRecognition: ${res.status} ${await res.text()}`);
}
