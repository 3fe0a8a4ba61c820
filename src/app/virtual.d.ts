declare module 'virtual:screen-sources' {
  /** Screen id -> its on-load calls and initial state (src/app/build/screenSources.ts). */
  const table: Record<string, { sources: unknown[]; state?: unknown }>;
  export default table;
}

declare module 'virtual:screen-stamp' {
  /** The fingerprint of the screen-language validators of this build (src/app/build/screenStamp.ts). */
  export const STAMP: string;
}
