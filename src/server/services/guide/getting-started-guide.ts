import { gettingStarted, guideApplies, type GuideView } from '#domain/guide/getting-started.ts';
import { hasAuthority } from '#domain/permissions/permissions.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { markGuideMoment, readGuideFacts, readGuideMemory, setGuideDismissed } from '../../db/repositories/user-guide.ts';
import { forbidden } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';

const nowIso = () => new Date(nowMs()).toISOString();

async function load(db: Db, user: SessionUser) {
  const [facts, memory] = await Promise.all([readGuideFacts(db), readGuideMemory(db, user.id)]);
  const view = gettingStarted(user.accountType, facts, memory, (authority) => hasAuthority(user.accountType, user.permissions, authority));
  return { view, memory };
}

/** The guide as it stands for this user (no side effect; the JSON API answers this). */
export async function readGuide(db: Db, user: SessionUser): Promise<GuideView> {
  return (await load(db, user)).view;
}

/**
 * The guide a page is about to show, remembering what showing it means: the first checklist
 * starts the guide for the user, and the congratulation is shown once. Writes only the first time.
 */
export async function showGuide(db: Db, user: SessionUser): Promise<GuideView> {
  const { view, memory } = await load(db, user);
  if (view.mode === 'checklist' && memory.startedAt === null) await markGuideMoment(db, user.id, 'startedAt', nowIso());
  if (view.mode === 'congratulate') await markGuideMoment(db, user.id, 'celebratedAt', nowIso());
  return view;
}

/** "Hide the guide" (or show it again) for this user only; 403 for accounts the guide is not for. */
export async function setGuideHidden(db: Db, user: SessionUser, hidden: boolean): Promise<GuideView> {
  if (!guideApplies(user.accountType)) throw forbidden();
  const at = nowIso();
  await setGuideDismissed(db, user.id, hidden ? at : null, at);
  return readGuide(db, user);
}
