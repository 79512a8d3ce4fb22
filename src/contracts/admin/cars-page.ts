/**
 * The cars page's content: organization content, written by operators as part of the
 * organization's settings (`PATCH /api/admin/organization` `carsPage`) and read by fans at `GET /api/cars`.
 * The page's headings ("Race car", "Engine", "Top speed", units) are interface strings of the `cars` namespace;
 * everything else (texts, car names, figures, text figures such as the engine) is here, in English with French
 * translations.
 *
 * Rules: car ids unique; a figure is a number for a measured line (power, weight, ...) and a text for `engine`
 * and `drive`; each line once per car; translations name existing cars.
 */
import { z } from 'zod';
import { TextSchema } from '../common';
import { requiredText, SlugSchema } from './common';

/** The unit of each spec line ('text' = a free text figure, translated like the other texts). */
export const CAR_SPEC_UNITS = {
  engine: 'text',
  power: 'hp',
  weight: 'kg',
  acceleration: 's',
  topSpeed: 'kmh',
  battery: 'kwh',
  range: 'km',
  drive: 'text',
} as const;
export type CarSpecLabel = keyof typeof CAR_SPEC_UNITS;
const CarSpecLabelSchema = z.enum(Object.keys(CAR_SPEC_UNITS) as [CarSpecLabel, ...CarSpecLabel[]]);

const colour = z
  .string()
  .max(7)
  .regex(/^#[0-9a-fA-F]{6}$/, 'A colour as #rrggbb');
const shortText = (max: number) => TextSchema.trim().max(max);

const CarSpecSchema = z.object({ label: CarSpecLabelSchema, value: z.union([z.number().min(0).max(1_000_000), requiredText(80)]) });

export const CarSchema = z.object({
  id: SlugSchema,
  kind: z.enum(['race', 'road']),
  /** Model name (a proper noun, the same in every language). */
  name: requiredText(80),
  /** Illustration colours. */
  colors: z.object({ body: colour, accent: colour }),
  text: requiredText(500),
  specs: z.array(CarSpecSchema).max(8),
});
export type Car = z.infer<typeof CarSchema>;

const PageTextsSchema = z.object({
  intro: shortText(500),
  raceTitle: shortText(80),
  roadTitle: shortText(80),
  roadIntro: shortText(500),
  note: shortText(500),
});

const CarsPageFieldsSchema = PageTextsSchema.extend({
  cars: z.array(CarSchema).max(30),
  translations: z
    .object({
      fr: PageTextsSchema.partial()
        .extend({
          /** By car id: its text and its text figures by line. */
          cars: z
            .record(SlugSchema, z.object({ text: shortText(500), values: z.partialRecord(CarSpecLabelSchema, shortText(80)) }).partial())
            .optional(),
        })
        .optional(),
    })
    .default({}),
});

/** The cars page with its rules. */
export const CarsPageSchema = CarsPageFieldsSchema.superRefine((page, ctx) => {
  const ids = page.cars.map((c) => c.id);
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['cars'], message: 'Car ids must be unique' });
  page.cars.forEach((car, i) => {
    const labels = car.specs.map((s) => s.label);
    if (new Set(labels).size !== labels.length) ctx.addIssue({ code: 'custom', path: ['cars', i, 'specs'], message: 'Each line once' });
    car.specs.forEach((spec, j) => {
      const wantsText = CAR_SPEC_UNITS[spec.label] === 'text';
      if (wantsText !== (typeof spec.value === 'string')) {
        ctx.addIssue({ code: 'custom', path: ['cars', i, 'specs', j, 'value'], message: wantsText ? 'A text' : 'A number' });
      }
    });
  });
  for (const id of Object.keys(page.translations.fr?.cars ?? {})) {
    if (!ids.includes(id)) ctx.addIssue({ code: 'custom', path: ['translations', 'fr', 'cars', id], message: 'No such car' });
  }
});
export type CarsPage = z.output<typeof CarsPageSchema>;
