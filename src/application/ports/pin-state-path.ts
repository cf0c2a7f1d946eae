/**
 * Where a client reads its own pin, for a refusal to name: a path below the base its request came in at (`/client/`,
 * or where the API places it), or undefined when the API serves a client no such path. The composition root binds it.
 */
export type PinStatePath = string | undefined;

export const PIN_STATE_PATH = Symbol.for('PinStatePath');
