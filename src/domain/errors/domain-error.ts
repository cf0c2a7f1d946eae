/** Base of every error the domain and application raise on purpose; `code` is stable, never an HTTP status. */
export abstract class DomainError extends Error {
  abstract readonly code: string;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
