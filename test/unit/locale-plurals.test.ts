/**
 * Every count-bearing string goes through i18next plurals (STYLE: "i18next plurals, fr too"): each value that shows
 * `{{count}}` is a plural form, each plural key has every form its language's plural rules ask for (English `one` and
 * `other`; French `one`, which covers 0 and 1, `many` and `other`) in both languages, and the forms render as a
 * reader expects ("1 day", "0 jour", "1 restante").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';

const LANGUAGES = ['en', 'fr'] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

/** The values of a namespace file by dotted key. */
function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else flatten(value, path, out);
  }
  return out;
}

const namespaces = readdirSync('locales/en')
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
const resources = Object.fromEntries(
  LANGUAGES.map((lng) => [
    lng,
    Object.fromEntries(namespaces.map((ns) => [ns, JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Tree])),
  ]),
) as Record<(typeof LANGUAGES)[number], Record<string, Tree>>;
const flat = (lng: (typeof LANGUAGES)[number], ns: string) => flatten(resources[lng][ns]);
/** The plural keys' bases (`detail.limitValue` for `detail.limitValue_one`) of a namespace. */
const pluralBases = (values: Record<string, string>) =>
  new Set(
    Object.keys(values)
      .filter((k) => PLURAL_SUFFIX.test(k))
      .map((k) => k.replace(PLURAL_SUFFIX, '')),
  );

describe('locale plurals', () => {
  it('the same namespaces exist in English and French', () => {
    expect(readdirSync('locales/fr').sort()).toEqual(readdirSync('locales/en').sort());
  });

  it.each(LANGUAGES.flatMap((lng) => namespaces.map((ns) => [lng, ns] as const)))(
    '%s/%s: every value showing {{count}} is a plural form',
    (lng, ns) => {
      const singular = Object.entries(flat(lng, ns)).filter(
        ([key, value]) => /\{\{\s*count\s*[,}]/.test(value) && !PLURAL_SUFFIX.test(key),
      );
      expect(singular).toEqual([]);
    },
  );

  it.each(LANGUAGES.flatMap((lng) => namespaces.map((ns) => [lng, ns] as const)))(
    "%s/%s: every plural key has each of its language's forms",
    (lng, ns) => {
      const values = flat(lng, ns);
      const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      const missing = [...pluralBases(values)].flatMap((base) =>
        forms.filter((form) => !(`${base}_${form}` in values)).map((form) => `${base}_${form}`),
      );
      expect(missing).toEqual([]);
    },
  );

  it.each(namespaces)('%s: English and French have the same plural keys', (ns) => {
    expect([...pluralBases(flat('fr', ns))].sort()).toEqual([...pluralBases(flat('en', ns))].sort());
  });

  it('renders the singular for 1 in English and for 0 and 1 in French', async () => {
    const i18n = createInstance();
    await i18n.init({ resources, lng: 'en', fallbackLng: false, interpolation: { escapeValue: false } });
    const en = i18n.getFixedT('en', 'sweepstakes');
    const fr = i18n.getFixedT('fr', 'sweepstakes');
    expect(en('countdown.dayCount', { count: 1 })).toBe('1 day');
    expect(en('countdown.dayCount', { count: 3 })).toBe('3 days');
    expect(en('countdown.days', { count: 1 })).toBe('day');
    expect(fr('countdown.dayCount', { count: 0 })).toBe('0 jour');
    expect(fr('countdown.dayCount', { count: 1 })).toBe('1 jour');
    expect(fr('countdown.dayCount', { count: 2 })).toBe('2 jours');
    expect(fr('countdown.dayCount', { count: 1_000_000 })).toBe('1000000 jours');
    expect(en('detail.limitValue', { count: 1, limit: 3 })).toBe('3 (1 left)');
    expect(fr('detail.limitValue', { count: 1, limit: 3 })).toBe('3 (1 restante)');
    expect(fr('detail.limitValue', { count: 2, limit: 3 })).toBe('3 (2 restantes)');
    expect(i18n.getFixedT('fr', 'leaderboards')('leagues.members', { count: 1 })).toBe('1 membre');
  });
});
