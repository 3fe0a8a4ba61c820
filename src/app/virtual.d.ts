declare module 'virtual:screen-sources' {
  /** Screen id -> its on-load calls, initial state and x-lazy modules (src/app/build/screenSources.ts). */
  const table: Record<
    string,
    { sources?: unknown[]; state?: unknown; lazy?: { blocks?: string[]; actions?: string[] } }
  >;
  export default table;
}

declare module 'virtual:screen-stamp' {
  /** The fingerprint of the screen-language validators of this build (src/app/build/screenStamp.ts). */
  export const STAMP: string;
}
