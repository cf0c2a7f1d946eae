/** A client's name, or its key's hash, is taken already (by a client revoked or not): an operator's mistake, never a request's. */
export class DuplicateClientError extends Error {
  constructor(readonly clientName: string) {
    super(`a client named ${JSON.stringify(clientName)} exists already (names stay taken after a revocation)`);
    this.name = 'DuplicateClientError';
  }
}
