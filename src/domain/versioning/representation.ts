export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A record as the API shows it: a JSON object in the shape of one version. */
export type Representation = { readonly [field: string]: JsonValue };
