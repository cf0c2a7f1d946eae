/** The versions that open and close a unit (a view set or one action): both ends optional. */
export interface WindowEnds {
  readonly introducedIn?: string;
  readonly removedIn?: string;
}

/** A view set's own window and one window per action, as the bundle's version declarations give them. */
export interface ViewSetWindows extends WindowEnds {
  readonly name: string;
  readonly actions: Readonly<Record<string, WindowEnds>>;
}
