/**
 * The admin API's content resources in one list: `adminRoutes` mounts each at `/api/admin/<name>`, and the content
 * document (`server/domain/content-document.ts`) exports and imports each as the list of the same name, in this
 * order (an item may refer only to lists before its own: playlists after videos).
 */
import type { ContentDocumentList } from '../../../src/contracts/admin/content-document';
import { challengeResource } from './challenges.resource';
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
export const DOCUMENT_RESOURCES: readonly DocumentResource[] = [{ list: 'challenges', resource: challengeResource, keyField: 'key' }];
