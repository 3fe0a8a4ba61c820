// Finds Debian's Chromium, or installs it (and CJK fonts for the Chinese registration messages)
// with apt. Never downloads a browser build: those downloads fail on this network.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function hasPackage(name: string): boolean {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).includes(
      'install ok installed',
    );
  } catch {
    return false;
  }
}

const missing = ['chromium', 'fonts-noto-cjk'].filter((p) => !hasPackage(p));
if (!existsSync(CHROMIUM) || missing.length > 0) {
  console.log(`Installing ${missing.join(', ')} with apt (Debian packages, no browser download)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
}
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM} after installing; set CHROMIUM_PATH.`);
  process.exit(1);
}
console.log(`Chromium: ${execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim()}`);
