// The validators are the largest part of the app's code and most first screens do not need them
// (the page carries its own, already checked, document): they load on first use, in their own chunk.
import type { Validation } from './validateDoc';

let loading: Promise<typeof import('./validateDoc')> | null = null;

/** Starts loading the validators (idempotent), e.g. while a document is still on its way. */
export function loadValidators(): Promise<typeof import('./validateDoc')> {
  loading ??= import('./validateDoc').catch((error: unknown) => {
    loading = null; // A failed chunk load may succeed on the next try.
    throw error;
  });
  return loading;
}

export async function validateLazily(doc: unknown): Promise<Validation> {
  return (await loadValidators()).validateScreenDoc(doc);
}
