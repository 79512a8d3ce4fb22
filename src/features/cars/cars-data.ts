/**
 * The cars page content (spec §2 "Cars page", the DISCOVER ALPINE card; decision 0025): built-in demo data for the
 * "Alpine Racing" fan club — the team's race car and the road cars of the partner brand Alpine. Names, texts and
 * spec labels are i18n keys of the `cars` namespace; figures are numbers with a unit, formatted per language.
 * Figures are published or approximate values, labelled as such on the page.
 */

/** Units a spec figure can carry (formatted by the `cars:units.*` strings). */
export type SpecUnit = 'hp' | 'kg' | 's' | 'kmh' | 'kwh' | 'km' | 'litre' | 'none';

/** One line of a car's spec card. */
export interface CarSpec {
  /** i18n key under `cars:spec.*`. */
  label: 'engine' | 'power' | 'weight' | 'acceleration' | 'topSpeed' | 'battery' | 'range' | 'drive';
  /** Number, or an i18n key under `cars:values.*` when `unit` is 'none'. */
  value: number | string;
  unit: SpecUnit;
}

/** A car of the page. */
export interface Car {
  id: string;
  kind: 'race' | 'road';
  /** Model name (a proper noun, the same in every language). */
  name: string;
  /** Colours of the illustration: body and accent. */
  colors: { body: string; accent: string };
  specs: CarSpec[];
}

/** The cars, race car first. */
export const CARS: readonly Car[] = [
  {
    id: 'ar27',
    kind: 'race',
    name: 'AR27',
    colors: { body: '#0055a4', accent: '#ff5fa2' },
    specs: [
      { label: 'engine', value: 'v6Hybrid', unit: 'none' },
      { label: 'power', value: 1000, unit: 'hp' },
      { label: 'weight', value: 800, unit: 'kg' },
      { label: 'topSpeed', value: 350, unit: 'kmh' },
    ],
  },
  {
    id: 'a110',
    kind: 'road',
    name: 'Alpine A110',
    colors: { body: '#1d4f9c', accent: '#c9d3e3' },
    specs: [
      { label: 'engine', value: 'turbo4', unit: 'none' },
      { label: 'power', value: 252, unit: 'hp' },
      { label: 'acceleration', value: 4.5, unit: 's' },
      { label: 'topSpeed', value: 250, unit: 'kmh' },
      { label: 'weight', value: 1102, unit: 'kg' },
      { label: 'drive', value: 'rwd', unit: 'none' },
    ],
  },
  {
    id: 'a110s',
    kind: 'road',
    name: 'Alpine A110 S',
    colors: { body: '#e8563a', accent: '#1b1f27' },
    specs: [
      { label: 'engine', value: 'turbo4', unit: 'none' },
      { label: 'power', value: 300, unit: 'hp' },
      { label: 'acceleration', value: 4.2, unit: 's' },
      { label: 'topSpeed', value: 260, unit: 'kmh' },
      { label: 'weight', value: 1109, unit: 'kg' },
      { label: 'drive', value: 'rwd', unit: 'none' },
    ],
  },
  {
    id: 'a290',
    kind: 'road',
    name: 'Alpine A290',
    colors: { body: '#f2f4f7', accent: '#0055a4' },
    specs: [
      { label: 'engine', value: 'electric', unit: 'none' },
      { label: 'power', value: 220, unit: 'hp' },
      { label: 'acceleration', value: 6.4, unit: 's' },
      { label: 'battery', value: 52, unit: 'kwh' },
      { label: 'range', value: 380, unit: 'km' },
      { label: 'drive', value: 'fwd', unit: 'none' },
    ],
  },
];
