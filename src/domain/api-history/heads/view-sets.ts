import type { ViewSetHead } from '../../versioning/version-bundle.js';

export const DOGGIE_VIEW_SET = 'DoggieViewSet';
export const CAT_VIEW_SET = 'CatViewSet';

export type CollectionAction = 'list' | 'retrieve';

/** The view sets and their actions; the versions' modules open and close their windows. */
export const VIEW_SET_HEADS: readonly ViewSetHead[] = [
  { name: DOGGIE_VIEW_SET, actions: ['list', 'retrieve'] },
  { name: CAT_VIEW_SET, actions: ['list', 'retrieve'] },
];
