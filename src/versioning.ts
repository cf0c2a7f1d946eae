/**
 * The declarations of a version-aware API (`version-aware-api/versioning`): a record collection with its newest
 * shape, the versions that walk that shape back (a field added, removed or renamed, or a change of your own), the
 * endpoints and actions each version introduces or removes, and each version's lifecycle (deprecation, sunset,
 * brownouts), as the reference API's `src/domain/api-history/` declares the dogs and cats.
 * @packageDocumentation
 */
export { defineCollection, type CollectionDeclaration, type PublishedCollection, type AnyPublishedCollection } from './api-definition.js';
export type { AnyRecordCollection, RecordCollection, WriteAction } from './domain/versioning/record-collection.js';
export type { ActionRoute, CollectionRoutes } from './adapters/http/routing/collection-routes.js';
export { recordType, type DeclaredRecordType, type RecordType, type SchemaWithTypes } from './domain/versioning/record-type.js';
export {
  defineOperations,
  refuse,
  reply,
  type OperationDeclaration,
  type OperationMethod,
  type OperationRequest,
  type OperationResult,
  type OperationSet,
} from './adapters/http/operations/operation-declaration.js';
export type { RecordHead } from './domain/versioning/version-bundle.js';
export {
  defineVersion,
  introduces,
  recordChange,
  removes,
  type RecordChange,
  type VersionDeclaration,
  type VersionDeclarationBody,
  type ViewChange,
} from './domain/versioning/version-declaration.js';
export type { LifecycleDeclaration } from './domain/versioning/version-lifecycle.js';
export { AddField, type AddFieldOptions } from './domain/versioning/add-field.js';
export { RemoveField, type RemoveFieldOptions } from './domain/versioning/remove-field.js';
export { RenameField, type RenameFieldOptions } from './domain/versioning/rename-field.js';
export type { Transform } from './domain/versioning/transform.js';
export type { JsonValue, Representation } from './domain/versioning/representation.js';
export type { RequestContext } from './domain/versioning/request-context.js';
export { withField } from './domain/versioning/with-field.js';
export { withoutField } from './domain/versioning/without-field.js';
export { closedObject, withProperty, withoutProperty, type JsonSchema } from './domain/versioning/json-schema.js';
export { recordFields, recordId, recordName, recordDate } from './domain/records/record-fields.js';
export { InvalidRecordError } from './domain/records/invalid-record-error.js';
export { CalendarDate } from './domain/records/calendar-date.js';
export type { Version } from './domain/versioning/version.js';
