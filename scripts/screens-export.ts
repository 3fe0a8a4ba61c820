// npm run screens:export [folder]: writes the published screens and manifest back to screens/
// (src/server/publishing/export.ts), from the database the server uses (DATABASE_URL or
// SQLITE_PATH). Then `npm run screens:check` and a commit keep git in step with the studio.
import { relative, resolve } from 'node:path';
import { optionsFromEnv, resolveConfig } from '../src/server/config';
import { openDb } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { exportPublished } from '../src/server/publishing/export';

const dir = resolve(process.argv[2] ?? process.env.SCREENS_DIR ?? 'screens');
const handle = openDb(resolveConfig(optionsFromEnv()).db);
try {
  await migrateToLatest(handle);
  const { written, same } = await exportPublished(handle.db, dir);
  for (const file of written) console.log(`wrote ${relative(process.cwd(), resolve(dir, file))}`);
  console.log(
    `screens:export: ${written.length} file${written.length === 1 ? '' : 's'} written, ${same} unchanged (${relative(process.cwd(), dir) || dir}).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
