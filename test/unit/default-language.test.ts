// @vitest-environment jsdom
/**
 * The organization's default language is the fan app's fallback (its settings, not the build): used when the fan
 * never chose a language and the browser asks for none we ship; a choice (the `i18next` cookie) or a shipped browser
 * language outranks it. Runs the app's real i18next set-up in jsdom.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyDefaultLanguage, changeLanguage, currentLanguage, i18next, initI18n } from '../../src/platform/i18n';

const setBrowserLanguages = (languages: string[]) => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0]);
};
const clearLanguageCookie = () => {
  document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
};

describe("organization's default language", () => {
  beforeAll(async () => {
    clearLanguageCookie();
    setBrowserLanguages(['de-DE', 'de']);
    await initI18n();
  });

  afterEach(async () => {
    clearLanguageCookie();
    vi.restoreAllMocks();
    await i18next.changeLanguage('en');
  });

  it('detection alone writes no cookie: only a choice does', () => {
    expect(document.cookie).not.toContain('i18next=');
  });

  it('is used when the fan chose nothing and the browser speaks no shipped language', async () => {
    setBrowserLanguages(['de-DE', 'de']);
    await applyDefaultLanguage('fr');
    expect(currentLanguage()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.cookie).not.toContain('i18next=');
  });

  it("gives way to the browser's language when we ship it", async () => {
    setBrowserLanguages(['en-GB']);
    await applyDefaultLanguage('fr');
    expect(currentLanguage()).toBe('en');
  });

  it("gives way to the fan's own choice, kept in the cookie", async () => {
    setBrowserLanguages(['de-DE']);
    await changeLanguage('en');
    expect(document.cookie).toContain('i18next=en');
    await applyDefaultLanguage('fr');
    expect(currentLanguage()).toBe('en');
  });
});
