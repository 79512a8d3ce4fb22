/**
 * The resources of the operator console, each a short declaration: its admin API path (also its URL segment under
 * `/admin` and its audit-log entity), the field shown as its name in lists, whether it has a publishing status
 * (draft / scheduled / live / ended / archived, `src/rules/content-status.ts`), its fields and, where it exists, its
 * shared contract. Field names are the contracts' (`src/contracts/admin/`); resources whose contract is still to
 * come (videos, articles, playlists, downloads, media) use the spec's names. Challenges and stories have their own
 * editors (their options, questions and chapters), so their fields here only name them in lists. Fields not
 * declared here (an activation's badges, the organization's check-in ladder) are kept as stored: a change sends only
 * the declared fields and the admin API merges it onto the item.
 */
import type { z } from 'zod';
import { ActivationInputSchema } from '../../contracts/admin/activation';
import { BenefitInputSchema } from '../../contracts/admin/benefit';
import { CarouselCardInputSchema } from '../../contracts/admin/carousel-card';
import { ConsentInputSchema } from '../../contracts/admin/consent';
import { RankFieldsSchema } from '../../contracts/admin/rank';
import { SweepstakeInputSchema } from '../../contracts/admin/sweepstake';
import { CAROUSEL_ICONS } from '../../contracts/carousel';
import type { FieldSpec } from './form/fields';

/** One resource of the console. */
export interface ResourceSpec {
  /** API path under `/api/admin/` and URL segment under `/admin/`, e.g. `carousel-cards`. */
  path: string;
  /** The field shown as the item's name in lists. */
  titleField: string;
  /** Items have a publishing status (list filter and badge). */
  hasStatus: boolean;
  fields: readonly FieldSpec[];
  /** Operators only read the list (members: their role is granted from the list). */
  listOnly?: boolean;
  /** Edited by a page of its own (`/admin/{path}/{id}` route), not the generic form. */
  customEditor?: boolean;
  /** The shared contract a new or changed item is checked with before it is sent (the server checks it again). */
  schema?: z.ZodType;
  /** The field that identifies an item in the API's paths (default `id`; ranks: `code`). */
  idField?: string;
  /** The API lists every item at once (`{data: [...]}`, no pages, no search) and has no read of one item. */
  wholeList?: boolean;
  /** New items cannot be created (the ten ranks always exist). */
  fixed?: boolean;
}

const text = (name: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind: 'text', ...extra });
const title = (name = 'title'): FieldSpec => text(name, { translatable: true, required: true });
const description: FieldSpec = { name: 'description', kind: 'textarea', translatable: true };
const media = (name = 'mediaId', extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind: 'media', nullable: true, ...extra });
const when = (name: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind: 'datetime', ...extra });
const number = (name: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind: 'number', ...extra });
const flag = (name: string, initial = false): FieldSpec => ({ name, kind: 'checkbox', initial });
const key: FieldSpec = text('key', { nullable: true });
const slug: FieldSpec = text('slug', { required: true });
const draft = flag('draft', true);
const sortOrder = number('sortOrder');

/** Every resource, in sidebar order. */
export const RESOURCES: readonly ResourceSpec[] = [
  { path: 'challenges', titleField: 'title', hasStatus: true, customEditor: true, fields: [] },
  { path: 'stories', titleField: 'title', hasStatus: true, customEditor: true, fields: [] },
  {
    path: 'videos',
    titleField: 'name',
    hasStatus: true,
    fields: [
      key,
      slug,
      title('name'),
      description,
      text('externalUrl', { nullable: true }),
      media('fileMediaId', { accept: 'video/mp4,video/webm' }),
      media('thumbnailMediaId'),
      number('durationSeconds', { required: true }),
      number('value'),
      when('publishedAt', { required: true }),
      draft,
    ],
  },
  {
    path: 'articles',
    titleField: 'title',
    hasStatus: true,
    fields: [key, slug, title(), { name: 'summary', kind: 'textarea', translatable: true }, { name: 'bodyMarkdown', kind: 'markdown', translatable: true }, media(), number('value'), when('publishedAt', { required: true }), draft],
  },
  { path: 'playlists', titleField: 'name', hasStatus: true, fields: [key, slug, title('name'), description, { name: 'videoIds', kind: 'list' }, draft] },
  {
    path: 'sweepstakes',
    titleField: 'title',
    hasStatus: true,
    fields: [
      key,
      title(),
      description,
      text('prize', { translatable: true }),
      media(),
      when('startsAt', { required: true }),
      when('endsAt', { required: true }),
      number('entryCost', { required: true }),
      number('maxEntriesPerUser', { nullable: true }),
      number('winnerCount', { initial: 1 }),
      { name: 'rules', kind: 'textarea', translatable: true },
      flag('isPublic', true),
      sortOrder,
      draft,
    ],
    schema: SweepstakeInputSchema,
  },
  {
    path: 'activations',
    titleField: 'title',
    hasStatus: true,
    fields: [slug, title(), description, media(), when('startsAt', { required: true }), when('stopsAt', { nullable: true }), number('value'), draft],
    schema: ActivationInputSchema,
  },
  {
    path: 'benefits',
    titleField: 'title',
    hasStatus: true,
    fields: [key, { name: 'rankCode', kind: 'select', choicesFrom: 'ranks', required: true }, title(), description, media(), sortOrder, draft],
    schema: BenefitInputSchema,
  },
  {
    path: 'carousel-cards',
    titleField: 'title',
    hasStatus: true,
    schema: CarouselCardInputSchema,
    fields: [
      text('key', { required: true }),
      title(),
      description,
      text('cta', { translatable: true }),
      text('url', { required: true }),
      media(),
      { name: 'icon', kind: 'select', choices: CAROUSEL_ICONS, labelled: true, initial: 'gift', required: true },
      number('points'),
      flag('underageGate'),
      flag('isAd'),
      when('startsAt', { nullable: true }),
      when('stopsAt', { nullable: true }),
      sortOrder,
      draft,
    ],
  },
  { path: 'consents', titleField: 'name', hasStatus: false, fields: [text('key', { required: true }), title('name'), description, sortOrder], schema: ConsentInputSchema },
  {
    path: 'downloads',
    titleField: 'title',
    hasStatus: true,
    fields: [key, title(), description, media('fileMediaId', { accept: 'application/pdf' }), media(), draft],
  },
  {
    path: 'ranks',
    titleField: 'title',
    hasStatus: false,
    idField: 'code',
    wholeList: true,
    fixed: true,
    fields: [title(), number('threshold', { required: true })],
    schema: RankFieldsSchema,
  },
  { path: 'media', titleField: 'name', hasStatus: false, fields: [text('name'), key] },
  { path: 'members', titleField: 'email', hasStatus: false, listOnly: true, fields: [] },
];

/** The resource at `path`, or undefined. */
export function resourceByPath(path: string): ResourceSpec | undefined {
  return RESOURCES.find((resource) => resource.path === path);
}
