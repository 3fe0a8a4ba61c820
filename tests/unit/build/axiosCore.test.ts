// src/host/axiosCore.ts: the clients take axios's own modules, not its entry, so the `axios`
// namespace's helpers stay out of the first screen (issue 26's budget), and an instance is what
// `axios.create` makes of the same config.
import { resolve } from 'node:path';
import axios from 'axios';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { axiosAdapters } from '../../../src/app/build/axiosAdapters';
import { createAxios, isCancel } from '../../../src/host/axiosCore';

const ROOT = resolve(import.meta.dirname, '../../..');

/** `entry` bundled as the app's build bundles it (axios's browser adapters left out). */
async function bundle(entry: string): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: ROOT,
    plugins: [axiosAdapters()],
    build: { write: false, minify: false, lib: { entry, formats: ['es'], fileName: 'out' } },
  })) as Rollup.RollupOutput[];
  return output[0]!.output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
}

describe('axios without its namespace (src/host/axiosCore.ts)', () => {
  it("leaves the namespace's helpers out of the host's clients", async () => {
    const [entry, clients] = await Promise.all([
      bundle(resolve(ROOT, 'node_modules/axios/index.js')),
      bundle(resolve(ROOT, 'src/host/http.ts')),
    ]);
    // HttpStatusCode's table, CancelToken's check, the namespace's formToJSON.
    const helpers = ['NetworkAuthenticationRequired', 'executor must be a function', 'formToJSON'];
    expect(helpers.filter((text) => !entry.includes(text))).toEqual([]);
    expect(helpers.filter((text) => clients.includes(text))).toEqual([]);
    // What the clients do run is still there: axios's request pipeline and header handling.
    expect(clients).toContain('dispatchRequest');
    expect(clients).toContain('AxiosHeaders');
  }, 30_000);

  it('makes the instance axios.create makes of the same config', () => {
    const config = {
      timeout: 5,
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      validateStatus: () => true,
    };
    const ours = createAxios(config);
    const theirs = axios.create(config);
    expect(ours.defaults).toEqual(theirs.defaults);
    expect(typeof ours.request).toBe('function');
    expect(isCancel(new axios.CanceledError())).toBe(true);
  });
});
