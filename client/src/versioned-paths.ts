import type { PathsByVersion } from './paths/by-version.js';

/** A version the client has the types of: one with a frozen contract in the repository. */
export type Version = keyof PathsByVersion;

/** An operation's parameters without the `Api-Version` header, which the client sends itself. */
type WithoutVersionHeader<Parameters> = Parameters extends { header: infer Header }
  ? Omit<Parameters, 'header'> & { header?: Omit<Header, 'Api-Version'> }
  : Parameters;

type Operation<O> = O extends { parameters: infer Parameters } ? Omit<O, 'parameters'> & { parameters: WithoutVersionHeader<Parameters> } : O;

/** The `paths` of version `V`, as openapi-typescript wrote them from its frozen contract, but for `Api-Version`. */
export type VersionedPaths<V extends Version> = {
  [Path in keyof PathsByVersion[V]]: {
    [Method in keyof PathsByVersion[V][Path]]: Operation<PathsByVersion[V][Path][Method]>;
  };
};
