/**
 * The domain's VersionModel, as the use cases read it: each takes a `Pick` of the members it reads, and shapes
 * records through the Representer port.
 */
export const VERSION_MODEL = Symbol.for('VersionModel');
