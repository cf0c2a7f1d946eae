import { parseCat, type Cat } from '../../cats/cat.js';
import { closedObject } from '../../versioning/json-schema.js';
import { recordType } from '../../versioning/record-type.js';
import type { RecordHead } from '../../versioning/version-bundle.js';
import { RECORD_ID_SCHEMA, type RecordCollection } from '../../versioning/record-collection.js';
import { RECORD_NAME_SCHEMA } from './record-schemas.js';

export const CAT = recordType<Cat>('Cat');
export const CAT_VIEW_SET = 'CatViewSet';

/** The cat record: its shape has never changed. */
export const CAT_HEAD: RecordHead<Cat> = {
  key: CAT,
  represent: (cat) => ({ id: cat.id, name: cat.name }),
  schema: closedObject({ id: RECORD_ID_SCHEMA, name: RECORD_NAME_SCHEMA }),
  example: { id: 1, name: 'Tom' }, // the service's own sample cat 1
};

/** The cats: their view set and where they are stored; their routes are the reference API's (src/reference-api.ts). */
export const CATS: RecordCollection<Cat, 'cats'> = Object.freeze({
  name: 'cats',
  head: CAT_HEAD,
  viewSet: CAT_VIEW_SET,
  parse: parseCat,
});
