// npm run build:server: the production build of the reference server (src/server/build/bundle.ts).
import { resolve } from 'node:path';
import { bundleServer } from '../src/server/build/bundle';

const root = resolve(import.meta.dirname, '..');
const { entry, packages } = await bundleServer(root);
console.log(`server built: ${entry} (runtime packages: ${packages.join(', ')})`);
