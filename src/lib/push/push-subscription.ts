/**
 * Web Push on this device: whether it can be offered, subscribing with the server's VAPID key and
 * the topics chosen, changing topics, and unsubscribing (at sign-out too). Loaded only by the opt-in prompt, the
 * profile's notification settings and sign-out (dynamic imports), so the first screen does not carry it.
 *
 * iOS and iPadOS allow push only to an app added to the Home Screen (Safari 16.4+): in Safari's tab `support()`
 * answers `ios-install`, and the prompt explains how to install.
 */
import { apiRequest, type Envelope } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { PushSubscriptionInfo, PushTopic } from '../../contracts/push';

/** What this device can do: subscribe, needs installing first (iOS), was refused by the fan, or cannot. */
type PushSupport = 'available' | 'ios-install' | 'denied' | 'unsupported';

/** Whether the page runs as an installed app (Home Screen / standalone window). */
function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** iPhone, iPod or iPad (iPadOS reports itself as a Mac with touch). */
function isIos(): boolean {
  return /iP(hone|od|ad)/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

/** What push can do on this device now. */
export function pushSupport(): PushSupport {
  if (isIos() && !isStandalone()) return 'ios-install';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return 'available';
}

/** This device's browser subscription, or null (also when push is unavailable). */
async function browserSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The server's record of this device's subscription (its topics), or null when the device is not subscribed. */
export async function currentPushSubscription(): Promise<PushSubscriptionInfo | null> {
  const subscription = await browserSubscription();
  if (!subscription) return null;
  try {
    const answer = await apiRequest<Envelope<PushSubscriptionInfo>>('/push/subscription', { query: { endpoint: subscription.endpoint } });
    return answer.data;
  } catch {
    return null;
  }
}

/** The VAPID public key as the bytes `applicationServerKey` takes. */
async function serverKey(): Promise<Uint8Array<ArrayBuffer>> {
  const { data } = await apiRequest<Envelope<{ publicKey: string }>>('/push/key');
  const base64 = data.publicKey.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
}

/**
 * Asks the browser's permission (when not given yet), subscribes this device and stores it on the server with
 * `topics`; with a subscription already there, only the topics change. When the server answers 409 (this browser's
 * endpoint is held by another member's subscription, which the server never hands over without its secret), the
 * browser's subscription is replaced by a fresh one, which is this member's alone.
 * @returns the stored subscription
 * @throws Error `denied` when the fan refused the permission; the API client's errors when the server is unreachable
 */
export async function subscribeToPush(topics: PushTopic[], language: string): Promise<PushSubscriptionInfo> {
  if (Notification.permission !== 'granted' && (await Notification.requestPermission()) !== 'granted') throw new Error('denied');
  const registration = await navigator.serviceWorker.ready;
  const fresh = async () => registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: await serverKey() });
  const store = async (subscription: PushSubscription) => {
    const json = subscription.toJSON();
    const answer = await apiRequest<Envelope<PushSubscriptionInfo>>('/push/subscription', {
      method: 'PUT',
      body: { endpoint: json.endpoint, keys: json.keys, topics, language: language.startsWith('fr') ? 'fr' : 'en' },
    });
    return answer.data;
  };
  const subscription = (await registration.pushManager.getSubscription()) ?? (await fresh());
  try {
    return await store(subscription);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    await subscription.unsubscribe();
    return store(await fresh());
  }
}

/**
 * Unsubscribes this device: the server's record first (while the session is still valid), then the browser's.
 * Never rejects: at sign-out, a failure must not keep the fan signed in.
 */
export async function unsubscribeFromPush(): Promise<void> {
  try {
    const subscription = await browserSubscription();
    if (!subscription) return;
    await apiRequest('/push/subscription', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(() => undefined);
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('[push] could not unsubscribe this device', error);
  }
}
