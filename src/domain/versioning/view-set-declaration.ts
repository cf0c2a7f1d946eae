/** A version window as declared: both ends optional. */
export interface WindowDeclaration {
  readonly introducedIn?: string;
  readonly removedIn?: string;
}

/** An endpoint class (a collection) with its own window and one window per action. */
export interface ViewSetDeclaration extends WindowDeclaration {
  readonly name: string;
  readonly actions: Readonly<Record<string, WindowDeclaration>>;
}
