/**
 * The cars page content (spec §2 "Cars page", the DISCOVER ALPINE card; decision 0025): built-in demo data for the
 * "Alpine Racing" fan club — the team's race car and the road cars of the partner brand Alpine. Names, texts and
 * spec labels are i18n keys of the `cars` namespace; figures are numbers with a unit, formatted per language.
 * Figures are published or approximate values, labelled as such on the page.
 */

/** Units a spec figure can carry (formatted by the `cars:units.*` strings). */
export type SpecUnit = 'hp' | 'kg' | 's' | 'kmh' | 'kwh' | 'km' | 'litre' | 'none';

/** The lines a spec card can have; each i18n key under `cars:spec.*`. */
type SpecLabel = 'engine' | 'power' | 'weight' | 'acceleration' | 'topSpeed' | 'battery' | 'range' | 'drive';

/**
 * The unit of each spec line, the same for every car: a figure is a number in that unit, or, for 'none', an i18n
 * key under `cars:values.*`.
 */
const UNITS: Record<SpecLabel, SpecUnit> = {
  engine: 'none',
  power: 'hp',
  weight: 'kg',
  acceleration: 's',
  topSpeed: 'kmh',
  battery: 'kwh',
  range: 'km',
  drive: 'none',
};

/** One line of a car's spec card. */
export interface CarSpec {
  /** i18n key under `cars:spec.*`. */
  label: SpecLabel;
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

/**
 * A car from one row of the table below: id, kind, name, body and accent colours, and its spec figures in the
 * order they are shown.
 */
function car(id: string, kind: Car['kind'], name: string, [body, accent]: [string, string], figures: Partial<Record<SpecLabel, number | string>>): Car {
  const specs = Object.entries(figures).map(([label, value]) => ({ label: label as SpecLabel, value, unit: UNITS[label as SpecLabel] }));
  return { id, kind, name, colors: { body, accent }, specs };
}

/** The cars, race car first. */
export const CARS: readonly Car[] = [
  car('ar27', 'race', 'AR27', ['#0055a4', '#ff5fa2'], { engine: 'v6Hybrid', power: 1000, weight: 800, topSpeed: 350 }),
  car('a110', 'road', 'Alpine A110', ['#1d4f9c', '#c9d3e3'], { engine: 'turbo4', power: 252, acceleration: 4.5, topSpeed: 250, weight: 1102, drive: 'rwd' }),
  car('a110s', 'road', 'Alpine A110 S', ['#e8563a', '#1b1f27'], { engine: 'turbo4', power: 300, acceleration: 4.2, topSpeed: 260, weight: 1109, drive: 'rwd' }),
  car('a290', 'road', 'Alpine A290', ['#f2f4f7', '#0055a4'], { engine: 'electric', power: 220, acceleration: 6.4, battery: 52, range: 380, drive: 'fwd' }),
];
