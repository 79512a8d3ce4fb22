/**
 * The resources of the operator console, each a short declaration: its admin API path (also its URL segment under
 * `/admin` and its audit-log entity), the field shown as its name in lists, whether it has a publishing status
 * (draft / scheduled / live / ended / archived, `src/rules/content-status.ts`), and its fields. Field names are the
 * spec's (the admin contracts in `src/contracts/admin/`). Challenges and stories have their own editors (their
 * options, questions and chapters), so their fields here only name them in lists.
 */
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
  },
  {
    path: 'activations',
    titleField: 'title',
    hasStatus: true,
    fields: [key, slug, title(), description, media(), when('startsAt', { required: true }), when('stopsAt', { nullable: true }), number('value'), { name: 'badges', kind: 'list' }, draft],
  },
  {
    path: 'benefits',
    titleField: 'title',
    hasStatus: true,
    fields: [key, { name: 'rankCode', kind: 'select', choicesFrom: 'ranks', required: true }, title(), description, media(), sortOrder, draft],
  },
  {
    path: 'carousel-cards',
    titleField: 'title',
    hasStatus: true,
    fields: [
      key,
      title(),
      description,
      text('cta', { translatable: true }),
      text('url', { required: true }),
      media(),
      { name: 'icon', kind: 'select', choices: ['gift', 'star', 'ticket', 'trophy', 'video'], labelled: true },
      number('points'),
      flag('underageGate'),
      flag('isAd'),
      when('startsAt', { nullable: true }),
      when('stopsAt', { nullable: true }),
      sortOrder,
      draft,
    ],
  },
  { path: 'consents', titleField: 'name', hasStatus: false, fields: [key, title('name'), description, sortOrder] },
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
    fields: [{ name: 'code', kind: 'select', choices: ['P10', 'P9', 'P8', 'P7', 'P6', 'P5', 'P4', 'P3', 'P2', 'P1'], required: true }, title(), number('threshold', { required: true })],
  },
  { path: 'media', titleField: 'name', hasStatus: false, fields: [text('name'), key] },
  { path: 'members', titleField: 'email', hasStatus: false, listOnly: true, fields: [] },
];

/** The resource at `path`, or undefined. */
export function resourceByPath(path: string): ResourceSpec | undefined {
  return RESOURCES.find((resource) => resource.path === path);
}
