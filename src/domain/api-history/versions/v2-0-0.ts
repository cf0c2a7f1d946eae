import { defineVersion, introduces } from '../../versioning/version-declaration.js';
import type { HistoryOptions } from './history-options.js';
import { DOGGIE_VIEW_SET } from '../heads/dog-collection.js';

/** 2.0.0: the dog detail view. */
export const v2_0_0 = defineVersion<HistoryOptions>('2.0.0', {
  notes: ['Added the dog detail view'],
  views: [introduces(DOGGIE_VIEW_SET, 'retrieve')],
});
