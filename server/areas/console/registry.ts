/**
 * The admin API's content resources in one list: `adminRoutes` mounts each at `/api/admin/<name>`, and the content
 * document (`server/areas/console/content-document.service.ts`) exports and imports each as the list of the same name, in this
 * order (an item may refer only to lists before its own: playlists after videos).
 */
import type { ContentDocumentList } from '../../../src/contracts/admin/content-document';
import { activationResource } from './activations.resource';
import { articleResource } from './articles.resource';
import { benefitResource } from './benefits.resource';
import { carouselCardResource } from './carousel-cards.resource';
import { challengeResource } from './challenges.resource';
import { consentResource } from './consents.resource';
import { downloadResource } from './downloads.resource';
import { playlistResource } from './playlists.resource';
import { rewardResource } from './rewards.resource';
import { storyResource } from './stories.resource';
import { sweepstakeResource } from './sweepstakes.resource';
import { videoResource } from './videos.resource';
import type { AdminResource } from './resource';

/** A resource and its place in the content document: its list and the input field holding its stable key. */
export type DocumentResource = {
  list: ContentDocumentList;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of resources of different row and input types
  resource: AdminResource<any, any>;
  /** `key`, or the resource's `slug` / `fileId`. */
  keyField: string;
};

/** Every content resource, in content-document order. */
export const DOCUMENT_RESOURCES: readonly DocumentResource[] = [
  { list: 'consents', resource: consentResource, keyField: 'key' },
  { list: 'videos', resource: videoResource, keyField: 'slug' },
  { list: 'playlists', resource: playlistResource, keyField: 'slug' },
  { list: 'articles', resource: articleResource, keyField: 'slug' },
  { list: 'stories', resource: storyResource, keyField: 'key' },
  { list: 'challenges', resource: challengeResource, keyField: 'key' },
  { list: 'sweepstakes', resource: sweepstakeResource, keyField: 'key' },
  { list: 'activations', resource: activationResource, keyField: 'slug' },
  { list: 'benefits', resource: benefitResource, keyField: 'key' },
  { list: 'carouselCards', resource: carouselCardResource, keyField: 'key' },
  { list: 'downloads', resource: downloadResource, keyField: 'fileId' },
  { list: 'rewards', resource: rewardResource, keyField: 'key' },
];
