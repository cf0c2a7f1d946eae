/** A response body serialized once, ahead of time, and sent as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}
