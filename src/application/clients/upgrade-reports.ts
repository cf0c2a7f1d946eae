import { inject, injectable } from 'inversify';
import type { Client } from '../../domain/clients/client.js';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import { quoteShortened } from '../../domain/errors/quote-shortened.js';
import type { Version } from '../../domain/versioning/version.js';
import type { VersionChange } from '../../domain/versioning/version-change.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { VERSION_MODEL } from '../version-model-token.js';
import { UsageReports } from './usage-reports.js';
import { Refusal } from '../../domain/errors/refusal.js';
import { InvalidUpgradeTargetError } from '../errors/refusals.js';

/** One change between a client's pin and the version it would move to, with the operations it reaches and the client's calls of them. */
export interface UpgradeChange {
  readonly version: string;
  readonly description: string;
  readonly operations: readonly string[];
  readonly calls: number;
}

export interface UpgradeReport {
  readonly from: string;
  readonly to: string;
  readonly changes: readonly UpgradeChange[];
}

/** An operation of the API, as the documents name it (`GET /doggies/{id}/`), and the route its calls are counted under. */
export interface ReachedOperation {
  readonly operation: string;
  readonly route: string;
}

/** Which operations a change reaches for a client moving from one version to another: the HTTP adapter knows its routes. */
export interface ChangeReach {
  reaches(change: VersionChange, from: Version, to: Version): readonly ReachedOperation[];
}

/**
 * What an upgrade changes for a client (Stripe's usage-filtered changelog): every change after its pin up to `to`,
 * oldest first, each with the operations it reaches and the client's calls of them in the usage report's days.
 */
@injectable()
export class UpgradeReports {
  constructor(
    @inject(VERSION_MODEL) private readonly model: Pick<VersionModel, 'changes' | 'versions' | 'standingOn'>,
    @inject(UsageReports) private readonly usage: Pick<UsageReports, 'ofClient'>,
  ) {}

  /** The report, or an InvalidUpgradeTargetError naming `to` when it is missing, not served, or not newer than the pin. */
  async forClient(
    client: Client,
    to: string | undefined,
    today: CalendarDate,
    reach: ChangeReach,
  ): Promise<UpgradeReport | InvalidUpgradeTargetError> {
    if (to === undefined) return new InvalidUpgradeTargetError('Name the version to upgrade to: ?to=X.Y.Z.');
    const target = this.model.standingOn(today).resolve(to);
    if (target instanceof Refusal) return new InvalidUpgradeTargetError(`Cannot upgrade to ${quoteShortened(to)}: ${target.message}`);
    const pin = this.model.versions.find((version) => version.toString() === client.pinnedVersion) as Version;
    if (!target.isNewerThan(pin)) {
      return new InvalidUpgradeTargetError(`Cannot upgrade to "${to}": it is not newer than your pinned version ${client.pinnedVersion}.`);
    }
    const calls = new Map<string, number>();
    for (const { routes } of (await this.usage.ofClient(client.name, today)).versions) {
      for (const [route, count] of Object.entries(routes)) calls.set(route, (calls.get(route) ?? 0) + count);
    }
    const changes = this.model.changes
      .filter(({ version }) => version.isNewerThan(pin) && !version.isNewerThan(target))
      .map((change): UpgradeChange => {
        const reached = reach.reaches(change, pin, target);
        return {
          version: change.version.toString(),
          description: change.description,
          operations: reached.map(({ operation }) => operation),
          // Calls are counted by route, which several operations of one path share: each route once.
          calls: [...new Set(reached.map(({ route }) => route))].reduce((sum, route) => sum + (calls.get(route) ?? 0), 0),
        };
      });
    return { from: client.pinnedVersion, to, changes };
  }
}
