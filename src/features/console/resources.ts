/**
 * The resources of the operator console, each a short declaration: its admin API path (also its URL segment under
 * `/admin` and its audit-log entity), the field shown as its name in lists, whether it has a publishing status
 * (draft / scheduled / live / ended / archived, `src/rules/content-status.ts`), its fields and, where it exists, its
 * shared contracts (`src/contracts/admin/`): the input checked before sending, and the answers of its list and items.
 * Field names are the contracts'. Challenges and stories have their own
 * editors (their options, questions and chapters), so their fields here only name them in lists. Lists of objects
 * (an activation's badges) are `rows` fields. Fields not declared here are kept as stored: a change sends only the
 * declared fields and the admin API merges it onto the item.
 */
import type { z } from 'zod';
import { ActivationInputSchema, AdminActivationListResponseSchema, AdminActivationResponseSchema } from '../../contracts/admin/activation';
import {
  AdminArticleListResponseSchema,
  AdminArticleResponseSchema,
  ArticleInputSchema,
  MAX_ARTICLE_MARKDOWN,
} from '../../contracts/admin/article';
import { AdminBenefitListResponseSchema, AdminBenefitResponseSchema, BenefitInputSchema } from '../../contracts/admin/benefit';
import {
  AdminCarouselCardListResponseSchema,
  AdminCarouselCardResponseSchema,
  CarouselCardInputSchema,
} from '../../contracts/admin/carousel-card';
import { AdminChallengeListResponseSchema } from '../../contracts/admin/challenge';
import { AdminConsentListResponseSchema, AdminConsentResponseSchema, ConsentInputSchema } from '../../contracts/admin/consent';
import { AdminDownloadListResponseSchema, AdminDownloadResponseSchema, DownloadInputSchema } from '../../contracts/admin/download';
import { AdminMediaListResponseSchema } from '../../contracts/admin/media';
import { AdminMemberListResponseSchema } from '../../contracts/admin/member';
import { AdminPlaylistListResponseSchema, AdminPlaylistResponseSchema, PlaylistInputSchema } from '../../contracts/admin/playlist';
import { AdminRankListResponseSchema, RankFieldsSchema } from '../../contracts/admin/rank';
import { AdminRewardListResponseSchema, AdminRewardResponseSchema, RewardInputSchema } from '../../contracts/admin/reward';
import { AdminStoryListResponseSchema } from '../../contracts/admin/story';
import { AdminSweepstakeListResponseSchema, AdminSweepstakeResponseSchema, SweepstakeInputSchema } from '../../contracts/admin/sweepstake';
import { AdminVenueEventListResponseSchema, AdminVenueEventResponseSchema, VenueEventInputSchema } from '../../contracts/admin/venue-event';
import { AdminVideoListResponseSchema, AdminVideoResponseSchema, VideoInputSchema } from '../../contracts/admin/video';
import { CAROUSEL_ICONS } from '../../contracts/carousel';
import { REWARD_FULFILMENTS } from '../../contracts/reward';
import type { AdminItem, ListAnswerSchema } from './api/admin-api';
import type { Envelope } from '../../api/client';
import type { FieldSpec } from './form/fields';
import { inFormOrder } from './form/field-labels';

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
  /** The contract of the list answer (`Admin*ListResponseSchema`): an answer of another shape is an error. */
  listSchema?: ListAnswerSchema;
  /** The contract of one item's answer (`Admin*ResponseSchema`), for the generic edit page. */
  itemSchema?: z.ZodType<Envelope<AdminItem>>;
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

/** Every resource, as declared; `RESOURCES` puts each form's fields in the shared order. */
const DECLARED: readonly ResourceSpec[] = [
  {
    path: 'challenges',
    titleField: 'title',
    hasStatus: true,
    customEditor: true,
    fields: [],
    listSchema: AdminChallengeListResponseSchema,
  },
  { path: 'stories', titleField: 'title', hasStatus: true, customEditor: true, fields: [], listSchema: AdminStoryListResponseSchema },
  {
    path: 'videos',
    titleField: 'name',
    hasStatus: true,
    fields: [
      slug,
      title('name'),
      description,
      media('fileMediaId', { accept: 'video/mp4,video/webm' }),
      text('externalUrl', { nullable: true }),
      text('cdnFileName', { nullable: true }),
      media('thumbnailMediaId'),
      number('durationSeconds', { required: true }),
      number('value'),
      when('publishedAt', { required: true }),
      sortOrder,
      draft,
    ],
    schema: VideoInputSchema,
    listSchema: AdminVideoListResponseSchema,
    itemSchema: AdminVideoResponseSchema,
  },
  {
    path: 'articles',
    titleField: 'title',
    hasStatus: true,
    fields: [
      slug,
      title(),
      { name: 'summary', kind: 'textarea', translatable: true },
      { name: 'bodyMarkdown', kind: 'markdown', translatable: true, required: true, maxLength: MAX_ARTICLE_MARKDOWN },
      media(),
      number('value'),
      when('publishedAt', { required: true }),
      draft,
    ],
    schema: ArticleInputSchema,
    listSchema: AdminArticleListResponseSchema,
    itemSchema: AdminArticleResponseSchema,
  },
  {
    path: 'playlists',
    titleField: 'name',
    hasStatus: true,
    fields: [slug, title('name'), description, { name: 'videoIds', kind: 'videos' }, sortOrder, draft],
    schema: PlaylistInputSchema,
    listSchema: AdminPlaylistListResponseSchema,
    itemSchema: AdminPlaylistResponseSchema,
  },
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
      number('claimDays', { initial: 14 }),
      { name: 'rules', kind: 'textarea', translatable: true },
      flag('isPublic', true),
      sortOrder,
      draft,
    ],
    schema: SweepstakeInputSchema,
    listSchema: AdminSweepstakeListResponseSchema,
    itemSchema: AdminSweepstakeResponseSchema,
  },
  {
    path: 'activations',
    titleField: 'title',
    hasStatus: true,
    fields: [
      slug,
      title(),
      description,
      media(),
      when('startsAt', { required: true }),
      when('stopsAt', { nullable: true }),
      number('value'),
      // A badge keeps its `id` (members hold it); the API adds, edits and removes badges by it.
      { name: 'badges', kind: 'rows', rowLabel: 'badge', rowFields: [slug, title('name'), description, media()] },
      draft,
    ],
    schema: ActivationInputSchema,
    listSchema: AdminActivationListResponseSchema,
    itemSchema: AdminActivationResponseSchema,
  },
  {
    // Its edit page also shows the rotating code to put on the big screen.
    path: 'venue-events',
    titleField: 'name',
    hasStatus: true,
    fields: [
      title('name'),
      text('venue', { translatable: true, required: true }),
      when('startsAt', { required: true }),
      when('endsAt', { required: true }),
      number('value'),
      draft,
    ],
    schema: VenueEventInputSchema,
    listSchema: AdminVenueEventListResponseSchema,
    itemSchema: AdminVenueEventResponseSchema,
  },
  {
    path: 'benefits',
    titleField: 'title',
    hasStatus: true,
    fields: [
      key,
      { name: 'rankCode', kind: 'select', choicesFrom: 'ranks', required: true },
      title(),
      description,
      media(),
      sortOrder,
      draft,
    ],
    schema: BenefitInputSchema,
    listSchema: AdminBenefitListResponseSchema,
    itemSchema: AdminBenefitResponseSchema,
  },
  {
    // Codes are added, never shown: the list and the form show how many are left.
    path: 'rewards',
    titleField: 'title',
    hasStatus: true,
    fields: [
      key,
      title(),
      description,
      media(),
      { name: 'fulfilment', kind: 'select', choices: REWARD_FULFILMENTS, labelled: true, initial: 'code', required: true },
      { name: 'addCodes', kind: 'textarea' },
      when('startsAt', { nullable: true }),
      when('endsAt', { nullable: true }),
      number('cost', { required: true }),
      number('stock', { nullable: true }),
      number('limitPerMember', { nullable: true }),
      { name: 'minRankCode', kind: 'select', choicesFrom: 'ranks', nullable: true },
      sortOrder,
      draft,
    ],
    schema: RewardInputSchema,
    listSchema: AdminRewardListResponseSchema,
    itemSchema: AdminRewardResponseSchema,
  },
  {
    path: 'carousel-cards',
    titleField: 'title',
    hasStatus: true,
    schema: CarouselCardInputSchema,
    listSchema: AdminCarouselCardListResponseSchema,
    itemSchema: AdminCarouselCardResponseSchema,
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
  {
    path: 'consents',
    titleField: 'name',
    hasStatus: false,
    fields: [text('key', { required: true }), title('name'), description, sortOrder],
    schema: ConsentInputSchema,
    listSchema: AdminConsentListResponseSchema,
    itemSchema: AdminConsentResponseSchema,
  },
  {
    path: 'downloads',
    titleField: 'title',
    hasStatus: true,
    fields: [
      text('fileId', { required: true }),
      title(),
      description,
      media('fileMediaId', { accept: 'application/pdf' }),
      media(),
      sortOrder,
    ],
    schema: DownloadInputSchema,
    listSchema: AdminDownloadListResponseSchema,
    itemSchema: AdminDownloadResponseSchema,
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
    listSchema: AdminRankListResponseSchema,
  },
  { path: 'media', titleField: 'name', hasStatus: false, fields: [text('name'), key], listSchema: AdminMediaListResponseSchema },
  { path: 'members', titleField: 'email', hasStatus: false, listOnly: true, fields: [], listSchema: AdminMemberListResponseSchema },
];

/** Every resource (the menu groups them: `console-menu.ts`), its fields in the order every form shares (`inFormOrder`). */
export const RESOURCES: readonly ResourceSpec[] = DECLARED.map((resource) => ({ ...resource, fields: inFormOrder(resource.fields) }));

/** The resource at `path`, or undefined. */
export function resourceByPath(path: string): ResourceSpec | undefined {
  return RESOURCES.find((resource) => resource.path === path);
}
