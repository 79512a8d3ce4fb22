/** The venue check-in strings (`venue` for fans, `console-venue` for operators) exist in English and French alike. */
import { describe, expect, it } from 'vitest';
import venueEn from '../../locales/en/venue.json';
import venueFr from '../../locales/fr/venue.json';
import consoleEn from '../../locales/en/console-venue.json';
import consoleFr from '../../locales/fr/console-venue.json';
import { VENUE_CODE_DIGITS } from '../../src/contracts/venue';
import { localeKeys } from './locale-keys';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree): string[] => localeKeys(tree);

describe('venue strings', () => {
  it('English and French have the same keys in both namespaces', () => {
    expect(keys(venueFr as Tree).sort()).toEqual(keys(venueEn as Tree).sort());
    expect(keys(consoleFr as Tree).sort()).toEqual(keys(consoleEn as Tree).sort());
  });

  it('every refusal the server gives a scan has its explanation', () => {
    for (const code of ['VenueCodeInvalid', 'VenueCodeExpired', 'VenueClosed', 'VenueScanTime', 'VenueScanLate', 'TooManyRequests']) {
      expect(venueEn.errors).toHaveProperty(code);
      expect(venueFr.errors).toHaveProperty(code);
    }
    expect(VENUE_CODE_DIGITS).toBe(6);
  });
});
