/**
 * Web Push (decision 0060): the deployment's VAPID key pair (generated once and shared by every server process,
 * unless the environment gives one), each device's push subscription with the topics its member chose, and the
 * notifications operators send now or schedule, with what their delivery did.
 */
import { sql } from 'drizzle-orm';
import type { RankCode } from '../../../src/contracts/organization';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestamptz } from './columns';
import { organizationRow } from './organizations';
import { users } from './users';

/** The VAPID key pair of the deployment: one row, `id = 'vapid'` (base64url, as web-push writes them). */
export const pushKeys = pgTable('push_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});

/** One browser's push subscription (its endpoint is unique: a device re-subscribing replaces its row). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    /** The push service URL of this subscription (a capability: whoever knows it may renew it). */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), for the payload's encryption (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The topics the member chose on this device (`src/contracts/push.ts` PUSH_TOPICS). */
    topics: text('topics')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The language the app ran in when it subscribed (`en`, `fr`): automatic notifications are written in it. */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** Who an operator's notification goes to: members with any subscription, narrowed by every filter given. */
export type PushSegment = { rankCode?: RankCode; consentKey?: string; checkedIn?: boolean };

/** An operator's notification: sent at `sendAt` (now or later) by the server's periodic job. */
export const pushNotifications = pgTable(
  'push_notifications',
  {
    ...organizationRow(),
    topic: text('topic').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** In-app path opened on click. */
    url: text('url').notNull().default('/'),
    /** Texts in other languages (`{fr: {title, body}}`), picked by each subscription's language. */
    translations: jsonb('translations').$type<Record<string, { title?: string; body?: string }>>().notNull().default({}),
    segment: jsonb('segment').$type<PushSegment>().notNull().default({}),
    /** A marketing message goes only to members who gave `segment.consentKey`. */
    marketing: integer('marketing').notNull().default(0),
    sendAt: timestamptz('send_at').notNull(),
    /** `scheduled`, `sending` (claimed by one process), `sent`, `cancelled`. */
    status: text('status').notNull().default('scheduled'),
    sentAt: timestamptz('sent_at'),
    /** Deliveries accepted by push services, subscriptions dropped (404/410), and other failures. */
    delivered: integer('delivered').notNull().default(0),
    dropped: integer('dropped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_notifications_due_idx').on(t.status, t.sendAt),
    index('push_notifications_org_created_idx').on(t.organizationId, t.createdAt),
    check('push_notifications_status_known', sql`${t.status} in ('scheduled', 'sending', 'sent', 'cancelled')`),
  ],
);

/**
 * One device's part in one push job (decision 0094): written before the send (`sending`) and given its outcome
 * after it, so a retried or resumed job skips the devices already done and each device receives a push once.
 * `job_key` names the push (`notification:<id>` for an operator's, `job:<queue job id>` for an automatic one);
 * `subscription_id` is not a foreign key, so the row of a dropped subscription still counts.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    jobKey: text('job_key').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    /** `sending` (claimed, outcome not yet known), `delivered`, `dropped` (404/410, endpoint refused), `failed`. */
    outcome: text('outcome').notNull().default('sending'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.jobKey, t.subscriptionId] }),
    index('push_deliveries_created_idx').on(t.createdAt),
    check('push_deliveries_outcome_known', sql`${t.outcome} in ('sending', 'delivered', 'dropped', 'failed')`),
  ],
);
