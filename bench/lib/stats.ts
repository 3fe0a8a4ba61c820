// Small numeric helpers shared by the bench scripts.
import { gzipSync } from 'node:zlib';

export const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const gz = (body: Buffer | string): number => gzipSync(body, { level: 9 }).length;
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number, digits = 0): string => `${value.toFixed(digits)} ms`;
export const seconds = (value: number): string => `${(value / 1000).toFixed(2)} s`;
export const ratio = (value: number): string => value.toFixed(2);

/** The machine's description, for the head of each section. */
export function stamp(): string {
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}`;
}
