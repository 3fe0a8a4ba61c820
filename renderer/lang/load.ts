// Loads the lazily loaded part of the language once (runtime.ts and what it imports: the function
// library, variables, computed values, triggers) and keeps it. The app starts it as early as it
// knows the first screen's document (src/app/firstScreen.ts), so it downloads beside the rest.
export type LanguageModule = typeof import('./runtime');

let loaded: LanguageModule | null = null;
let pending: Promise<LanguageModule> | null = null;

/** The loaded module, or null while it has not arrived. */
export function languageModule(): LanguageModule | null {
  return loaded;
}

/** Loads it (once; a failed load may be tried again). */
export function loadLanguage(): Promise<LanguageModule> {
  pending ??= import('./runtime').then(
    (module) => {
      module.install();
      loaded = module;
      return module;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}
