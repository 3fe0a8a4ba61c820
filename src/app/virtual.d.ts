declare module 'virtual:screen-sources' {
  /** Screen id -> its on-load calls and initial state (src/app/build/screenSources.ts). */
  const table: Record<string, { sources: unknown[]; state?: unknown }>;
  export default table;
}
