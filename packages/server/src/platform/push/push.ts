import type { Agent } from 'node:https';
import { eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../db/database';
import { pushSubscriptions, serverSettings, userGroups } from '../db/schema';
import { usersInQuietHours } from '../users/push-quiet-hours';
import { isPublicPushEndpoint, publicPushAgent } from './endpoint';

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_KEY = 'vapid';
const cache = new WeakMap<Db, Promise<VapidKeys>>();

/** The server's VAPID keys, created on first start and kept in server_settings. */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  let keys = cache.get(db);
  if (!keys) {
    keys = loadOrCreateVapidKeys(db);
    cache.set(db, keys);
    keys.catch(() => cache.delete(db));
  }
  return keys;
}

async function loadOrCreateVapidKeys(db: Db): Promise<VapidKeys> {
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, VAPID_KEY));
  const stored = row?.value as Partial<VapidKeys> | undefined;
  if (stored?.publicKey && stored.privateKey) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  const created = webpush.generateVAPIDKeys();
  await db.insert(serverSettings).values({ key: VAPID_KEY, value: created }).onConflictDoNothing();
  // Another server may have created keys at the same moment: the stored ones win.
  const [again] = await db.select().from(serverSettings).where(eq(serverSettings.key, VAPID_KEY));
  return (again?.value as VapidKeys | undefined) ?? created;
}

/**
 * The agent push messages go through when the caller passes none: `publicPushAgent` (public addresses
 * only). Tests replace it to reach a stand-in push service on loopback.
 */
export const pushDefaults: { agent: Agent } = { agent: publicPushAgent };

export interface PushMessage {
  title: string;
  body: string;
  /** Route the notification opens, e.g. '/110'. */
  url?: string;
}

export interface PushTargets {
  userIds?: readonly number[];
  groupIds?: readonly number[];
}

export interface PushResult {
  sent: number;
  failed: number;
  removed: number;
}

/**
 * Sends a push notification to every subscription of the given users and members of the given
 * groups. Runs outside any transaction; subscriptions the push service reports as gone (404/410)
 * are deleted. Never throws for delivery problems: callers fire and forget. Endpoints are checked
 * again before sending (https, public host name) and connections go only to public addresses
 * (`publicPushAgent`; tests pass their own agent). With `respectQuietHours` (a module's opt-in, e.g. 120's
 * messages) users inside their quiet hours (`users.push_quiet_hours`, Berlin time) are left out.
 */
export async function sendPush(
  db: Db,
  targets: PushTargets,
  message: PushMessage,
  options: { subject?: string; timeoutMs?: number; agent?: Agent; respectQuietHours?: boolean; now?: number } = {},
): Promise<PushResult> {
  const userIds = new Set(targets.userIds ?? []);
  if ((targets.groupIds ?? []).length > 0) {
    const members = await db
      .select({ userId: userGroups.userId })
      .from(userGroups)
      .where(inArray(userGroups.groupId, [...(targets.groupIds ?? [])]));
    for (const member of members) userIds.add(member.userId);
  }
  if (options.respectQuietHours) {
    // Users inside their quiet hours ('Ruhezeiten', profile) get nothing; what the push announced waits in the app.
    for (const quiet of await usersInQuietHours(db, [...userIds], options.now)) userIds.delete(quiet);
  }
  if (userIds.size === 0) return { sent: 0, failed: 0, removed: 0 };
  const subscriptions = await db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
  const keys = await vapidKeys(db);
  const payload = JSON.stringify({ title: message.title, body: message.body, url: message.url ?? '/' });
  const result: PushResult = { sent: 0, failed: 0, removed: 0 };
  await Promise.all(
    subscriptions.map(async (subscription) => {
      if (!isPublicPushEndpoint(subscription.endpoint)) {
        result.failed++;
        return;
      }
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          payload,
          {
            vapidDetails: {
              subject: options.subject ?? 'mailto:hortus@localhost',
              publicKey: keys.publicKey,
              privateKey: keys.privateKey,
            },
            TTL: 24 * 60 * 60,
            timeout: options.timeoutMs ?? 10_000,
            agent: options.agent ?? pushDefaults.agent,
          },
        );
        result.sent++;
      } catch (error) {
        const statusCode = (error as { statusCode?: number }).statusCode;
        if (statusCode === 404 || statusCode === 410) {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
          result.removed++;
        } else {
          result.failed++;
        }
      }
    }),
  );
  return result;
}
