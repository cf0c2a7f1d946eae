import { inject, injectable } from 'inversify';
import type { Version } from '../../domain/versioning/version.js';
import { VERSION_POLICY, type VersionPolicy } from '../ports/version-policy.js';

export interface ResolveVersionInput {
  /** The version the client asked for; absent or empty means the default. */
  readonly requested: string | undefined;
}

/** The supported version a request is served at. Throws MalformedVersionError or UnsupportedVersionError. */
@injectable()
export class ResolveVersion {
  constructor(@inject(VERSION_POLICY) private readonly policy: VersionPolicy) {}

  execute({ requested }: ResolveVersionInput): Version {
    return this.policy.resolve(requested);
  }
}
