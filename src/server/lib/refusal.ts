// A refused request, for the person who asked: the HTTP status, one sentence, and what a client
// needs to act on it (the draft's head revision, the checker's problems...). The one refusal of the
// server's stores (publishing, experiments, accounts); the HTTP layer answers it as it is
// (plugins/studio/index.ts), the account commands print its sentence (accounts/cli.ts). Its
// arguments run in one order everywhere: status, message, extra.
export type RefusalStatus = 400 | 403 | 404 | 409 | 422 | 429;

export class Refusal extends Error {
  constructor(
    readonly status: RefusalStatus,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string): Refusal => new Refusal(404, `${what} does not exist`);
