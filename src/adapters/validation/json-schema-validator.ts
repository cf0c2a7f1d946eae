import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export is the module object under NodeNext.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** A strict JSON Schema 2020-12 validator (the dialect of OpenAPI 3.1) that checks formats such as `date`. */
export function jsonSchemaValidator(options: { readonly allErrors?: boolean } = {}): Ajv2020 {
  return addFormats(new Ajv2020({ strict: true, allErrors: options.allErrors ?? false }));
}
