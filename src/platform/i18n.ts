/**
 * i18n (ARCHITECTURE §7 platform): i18next + react-i18next, English and French. The language is the fan's own
 * choice (the `i18next` cookie, written only when they pick one: spec §9, 365 days), else the browser's when we ship
 * it, else the organization's default language (`applyDefaultLanguage`, once the organization is known).
 * Namespaces (one per area, files `locales/{lang}/{namespace}.json`) load lazily through i18next-resources-to-backend, so each language/namespace
 * is its own small chunk. `<html lang>` follows the active language.
 */
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { FIRST_SCREEN_NAMESPACES } from './first-screen-namespaces';

/** Languages the app ships, first = fallback. */
export const SUPPORTED_LANGUAGES = ['en', 'fr'] as const;
type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/** Locale cookie name and lifetime (spec §9: 365 days, in minutes). */
const LANGUAGE_COOKIE = 'i18next';
const LANGUAGE_COOKIE_MINUTES = 365 * 24 * 60;

const localeLoaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

/** Loads one namespace file; rejects when the file does not exist. */
async function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const loader = localeLoaders[`../../locales/${language}/${namespace}.json`];
  if (!loader) throw new Error(`Missing locale file locales/${language}/${namespace}.json`);
  return (await loader()).default;
}

function syncDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = i18next.dir(language);
}

/**
 * Initialises i18next once. Returns the i18next instance after the startup namespaces of the detected language
 * are loaded. A missing key is reported with `console.error` in development.
 */
export async function initI18n(): Promise<I18n> {
  if (i18next.isInitialized) return i18next;
  i18next.on('languageChanged', syncDocumentLanguage);
  await i18next
    .use(LanguageDetector)
    .use(resourcesToBackend(loadNamespace))
    .use(initReactI18next)
    .init({
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: 'en',
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      // The first screens' namespaces share one chunk: all of them load at start; others when a component asks.
      ns: [...FIRST_SCREEN_NAMESPACES],
      defaultNS: 'common',
      fallbackNS: 'common',
      interpolation: { escapeValue: false },
      detection: {
        order: ['cookie', 'navigator'],
        lookupCookie: LANGUAGE_COOKIE,
        // Written by `changeLanguage` only, so a cookie always means the fan chose (and outranks the club's default).
        caches: [],
        cookieMinutes: LANGUAGE_COOKIE_MINUTES,
        cookieOptions: { path: '/', sameSite: 'lax' },
      },
      saveMissing: import.meta.env.DEV,
      missingKeyHandler: import.meta.env.DEV
        ? (languages, namespace, key) => console.error(`[i18n] missing key ${namespace}:${key} (${languages.join(', ')})`)
        : false,
      react: { useSuspense: true },
    });
  syncDocumentLanguage(currentLanguage());
  return i18next;
}

/**
 * Whether the language is decided (the fan's choice, else the browser's: `initI18n`'s detection, which runs a task
 * after it is called), though its strings may still be loading. Content asked for before then would come in the
 * fallback language.
 */
export function languageDecided(): boolean {
  return Boolean(i18next.language);
}

/** The active supported language (`en` | `fr`). */
export function currentLanguage(): SupportedLanguage {
  const resolved = (i18next.resolvedLanguage ?? i18next.language ?? 'en').slice(0, 2);
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(resolved) ? (resolved as SupportedLanguage) : 'en';
}

/** The fan's choice: switches language and stores it in the `i18next` cookie for 365 days (spec §9); resolves once
 * its namespaces are loaded. */
export async function changeLanguage(language: SupportedLanguage): Promise<void> {
  await i18next.changeLanguage(language);
  i18next.services.languageDetector?.cacheUserLanguage?.(language, ['cookie']);
}

const isSupported = (code: string) => (SUPPORTED_LANGUAGES as readonly string[]).includes(code.slice(0, 2).toLowerCase());

/**
 * Falls back to the organization's default language (its settings, not the build): switches to `language` when
 * the fan never chose one (no `i18next` cookie) and none of the browser's languages is one we ship. Stores
 * nothing, so a later change of the club's default reaches the fan. Resolves once the namespaces are loaded.
 */
export async function applyDefaultLanguage(language: SupportedLanguage): Promise<void> {
  // The detector's own lookups (its cookie parser, the browser's languages), as configured in `initI18n`.
  const detector = i18next.services.languageDetector as { detect?: (order: string[]) => string[] | string | null } | undefined;
  if (!i18next.isInitialized || !detector?.detect) return;
  const found = (order: string[]) => [detector.detect?.(order) ?? []].flat();
  if (found(['cookie']).length > 0 || found(['navigator']).some(isSupported) || currentLanguage() === language) return;
  await i18next.changeLanguage(language);
}

export { i18next };
