/**
 * Helpers shared by the issue-3 route modules (content, sweepstakes, activations, consents):
 * the response language, translated fields, the underage rule and rank-coded titles.
 */
import type { Context } from 'hono';
import type { RankCode } from '../../../src/contracts/organization';
import { dayInZone } from '../../lib/dates';
import type { AppEnv } from '../../lib/types';

/** Languages content is stored in. */
export type ContentLanguage = 'en' | 'fr';

/**
 * The response language of a request: French when the detected language (`Accept-Language`, set by the
 * app's language detector) starts with `fr`, else English.
 */
export function languageOf(c: Context<AppEnv>): ContentLanguage {
  const detected = c.get('language') ?? c.req.header('accept-language') ?? 'en';
  return detected.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/**
 * `base` with the non-empty fields of `translations[language]` laid over it.
 * @param base the English texts stored on the row
 * @param translations the row's `translations` jsonb (`{fr: {...}}`)
 */
export function localized<T extends Record<string, unknown>>(
  base: T,
  translations: Record<string, Partial<T>> | null | undefined,
  language: ContentLanguage,
): T {
  const t = language === 'en' ? undefined : translations?.[language];
  if (!t) return base;
  const out = { ...base };
  for (const key of Object.keys(base) as (keyof T)[]) {
    const value = t[key];
    if (value !== undefined && value !== null && value !== '') out[key] = value as T[keyof T];
  }
  return out;
}

/** Adult age, in years (spec §9). */
export const ADULT_AGE = 18;

/**
 * Underage rule (spec §5, ARCHITECTURE §5): under 18 on today's date in the organization's time zone.
 * @param birthday `YYYY-MM-DD` or null (no birthday = not underage)
 * @param now the server clock
 * @param timeZone IANA zone of the organization
 */
export function isUnderage(birthday: string | null, now: Date, timeZone: string): boolean {
  if (!birthday) return false;
  const today = dayInZone(now, timeZone);
  const cutoff = `${String(Number(today.slice(0, 4)) - ADULT_AGE).padStart(4, '0')}${today.slice(4)}`;
  return birthday > cutoff;
}

const RANK_PREFIX = /^(P(?:10|[1-9]))(?![\p{L}\p{N}_])/u;

/**
 * The rank code a story title starts with, as a whole word (`P10 …` is P10, never P1; `P1x` is none).
 * Rule source: spec §4, ARCHITECTURE §5.
 */
export function rankCodeOf(title: string): RankCode | null {
  const match = RANK_PREFIX.exec(title.trim());
  return match ? (match[1] as RankCode) : null;
}

/** The 'Save to Home' story is never shareable (spec §4). */
export function isSaveToHome(title: string): boolean {
  return title.trim().toLowerCase() === 'save to home';
}

/** The nil UUID: stands for "no member" in prepared queries that left-join a member's rows. */
export const NO_USER = '00000000-0000-0000-0000-000000000000';

/** True when `value` is a UUID (ids of our rows); other path ids are unknown (404). */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
