import { defineVersion, introduces } from '../../versioning/version-declaration.js';
import type { HistoryOptions } from './history-options.js';
import { CAT_VIEW_SET } from '../heads/cat-collection.js';

/** 1.0.0: the first version, with the cat endpoint; the dog detail view does not exist yet, so it is deprecated. */
export const v1_0_0 = defineVersion<HistoryOptions>('1.0.0', {
  notes: ['Initial version'],
  views: [introduces(CAT_VIEW_SET)],
  deprecated: { on: '2026-01-01' },
});
