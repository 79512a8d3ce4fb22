/**
 * Helpers shared by the route modules (content, sweepstakes, activations, consents):
 * the response language and translated fields (the underage and title rules are in src/rules).
 */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';

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

/** The nil UUID: stands for "no member" in prepared queries that left-join a member's rows. */
export const NO_USER = '00000000-0000-0000-0000-000000000000';
