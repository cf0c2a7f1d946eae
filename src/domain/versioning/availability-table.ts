/** View set name, then action name, then the texts of the versions at which the action exists. */
export type AvailabilityTable = ReadonlyMap<string, ReadonlyMap<string, ReadonlySet<string>>>;
