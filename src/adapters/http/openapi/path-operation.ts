import type { OperationRoute, ServedOperation } from '../routing/operation-route.js';
import { operationObject } from './operation-object.js';
import { readOperation, type OperationContext } from './read-operation.js';
import type { Json } from './response-objects.js';
import { bodySchemaName, writeOperation } from './write-operation.js';

/**
 * One operation of a path at its document's version, as its provider declares it: the team's own, or a
 * collection's read or write (whose body's schema at the version joins `schemas`).
 */
export function pathOperation(route: OperationRoute, operation: ServedOperation, context: OperationContext, schemas: Json): Json {
  const { method, contract } = operation;
  switch (contract.kind) {
    case 'declared':
      return operationObject(route, { method, contract }, context);
    case 'read':
      return readOperation(route, contract, context);
    case 'write': {
      const write = { ...operation, contract };
      schemas[bodySchemaName(write)] = contract.bodyAt(context.version);
      return writeOperation(route, write, context);
    }
  }
}
