import type { ViewSetHead } from '../../versioning/version-bundle.js';
import { CAT_RESOURCE } from './cat-resource.js';
import { DOG_RESOURCE } from './dog-resource.js';

export const DOGGIE_VIEW_SET = 'DoggieViewSet';
export const CAT_VIEW_SET = 'CatViewSet';

export type CollectionAction = 'list' | 'retrieve';

/** The view sets, the record type each serves, and their actions; the versions' modules open and close their windows. */
export const VIEW_SET_HEADS: readonly ViewSetHead[] = [
  { name: DOGGIE_VIEW_SET, resource: DOG_RESOURCE, actions: ['list', 'retrieve'] },
  { name: CAT_VIEW_SET, resource: CAT_RESOURCE, actions: ['list', 'retrieve'] },
];
