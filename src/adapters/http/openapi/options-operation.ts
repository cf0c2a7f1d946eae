import { acceptedText } from '../routing/reads-query.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { ApiRoute } from '../routing/route.js';
import { pathParameters } from './parameters.js';
import { allowHeader, COMMON_HEADERS, errorResponse, SERVER_FAULT, text, type Json } from './response-objects.js';
import { named } from './component-names.js';

/** OPTIONS on one path: the methods it allows and, per path, the versions at which its operations exist. */
export function optionsOperation(route: ApiRoute, path: string, servedAt: readonly Version[]): Json {
  const versioned = route.unversioned !== true;
  // A versioned path's are its own; an unversioned path's, every such path's, named so.
  const versionsHeader = (name: string, which: string): Json =>
    versioned
      ? text(
          `The ${which} versions at which \`${path}\` is served (of ${servedAt.map((served) => served.toString()).join(', ')}), oldest first, comma-separated; absent when there is none.`,
        )
      : named(
          `${name}.unversioned`,
          text(`Every ${which} version, oldest first, comma-separated (this path answers at any version); absent when there is none.`),
        );
  const operation: Json = {
    operationId: `${route.contract.operationId}Options`,
    summary: `Methods and versions of ${path}`,
    description:
      `The methods \`${path}\` allows (\`Allow\`) and the versions at which it is served, as ASP.NET API Versioning ` +
      'advertises them: not deprecated (`api-supported-versions`) and deprecated (`api-deprecated-versions`). Answered at once, ' +
      'whatever `Accept` and `Authorization` say.',
    tags: [route.contract.tag],
    // Answered before the Authorization is read: no key is needed, and none is looked at.
    security: [],
    responses: {
      204: {
        description: 'No body.',
        headers: {
          ...COMMON_HEADERS,
          Allow: allowHeader(route),
          'api-supported-versions': versionsHeader('api-supported-versions', 'supported (not deprecated)'),
          'api-deprecated-versions': versionsHeader('api-deprecated-versions', 'deprecated'),
        },
      },
      400: errorResponse(`A request that cannot be read: a missing or doubled Host, an unknown query parameter (${acceptedText(route)}).`),
      500: errorResponse(SERVER_FAULT),
    },
  };
  const parameters = pathParameters(route.pattern);
  if (parameters.length > 0) operation.parameters = parameters;
  return operation;
}
