import type { Representation } from '../../domain/versioning/representation.js';
import type { RequestContext } from '../../domain/versioning/request-context.js';
import type { RecordType } from '../../domain/versioning/record-type.js';

/** Shapes a record for the request's version and day, a pure function of the three: the version model does it. */
export interface Representer {
  represent<R>(key: RecordType<R>, record: R, context: RequestContext): Representation;
}
