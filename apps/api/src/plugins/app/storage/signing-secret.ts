import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The key that signs upload and photo URLs: URL_SIGNING_SECRET when set (required to share it
 * between several API processes), else one made once under DATA_DIR.
 */
export async function loadSigningSecret(configured: string | undefined, dataDir: string) {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', 'url-signing.key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' }).catch(
    (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    },
  );
  return (await readFile(file, 'utf8')).trim();
}
