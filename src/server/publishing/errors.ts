/** A refused step of the flow: the HTTP status and one sentence for the person who asked. */
export class FlowError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422 | 429,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new FlowError(404, `${what} does not exist`);
