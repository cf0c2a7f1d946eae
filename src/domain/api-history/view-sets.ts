import type { ViewSetDeclaration } from '../versioning/view-set-declaration.js';

export const DOGGIE_VIEW_SET = 'DoggieViewSet';
export const CAT_VIEW_SET = 'CatViewSet';

export type CollectionAction = 'list' | 'retrieve';

/** The dog collection: the list always, the detail view from 2.0.0. */
export const doggieViewSet: ViewSetDeclaration = {
  name: DOGGIE_VIEW_SET,
  actions: { list: {}, retrieve: { introducedIn: '2.0.0' } },
};

/** The cat collection: 1.0.0 to 5.0.0; its detail view from 3.0.0, its list until 4.0.0. */
export const catViewSet: ViewSetDeclaration = {
  name: CAT_VIEW_SET,
  introducedIn: '1.0.0',
  removedIn: '5.0.0',
  actions: { list: { removedIn: '4.0.0' }, retrieve: { introducedIn: '3.0.0' } },
};
