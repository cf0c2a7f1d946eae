import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/** The TypeScript declarations of one version's OpenAPI document: `paths`, `components` and `operations`, as openapi-typescript writes them. */
export async function clientTypesSource(document: object): Promise<string> {
  const info = (document as { info: { version: string } }).info;
  const header = `// The types of version-aware-api ${info.version}, from its /openapi.json; written by \`npm run client-types\`.\n\n`;
  return header + astToString(await openapiTS(document as OpenAPI3));
}
