import { defineVersion, removes } from '../../versioning/version-declaration.js';
import type { HistoryOptions } from './history-options.js';
import { CAT_VIEW_SET } from '../heads/cat-collection.js';

/** 5.0.0: the cat endpoint's last version. */
export const v5_0_0 = defineVersion<HistoryOptions>('5.0.0', {
  notes: ['Removed the cat endpoint'],
  views: [removes(CAT_VIEW_SET)],
});
