import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';

const KeysFileSchema = z.object({
  signing: z.array(z.record(z.string(), z.unknown())).min(1),
  cookies: z.array(z.string().min(32)).min(1),
});
export type DevKeys = { signing: JWK[]; cookies: string[] };

/**
 * The development provider's signing and cookie keys, made once and kept under DATA_DIR so that
 * tokens and sign-in sessions survive a restart. Never used with an external provider.
 */
export async function loadOrCreateDevKeys(dataDir: string): Promise<DevKeys> {
  const file = path.join(dataDir, 'oidc', 'keys.json');
  try {
    const parsed = KeysFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    return { signing: parsed.signing as JWK[], cookies: parsed.cookies };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(
        `The development sign-in keys in ${file} are unreadable; delete the file to make new ones.`,
      );
    }
  }
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = {
    ...(await exportJWK(privateKey)),
    alg: 'RS256',
    use: 'sig',
    kid: randomBytes(8).toString('hex'),
  };
  const keys: DevKeys = { signing: [jwk], cookies: [randomBytes(32).toString('base64url')] };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' }).catch(
    async (err) => {
      // Another process won the race: use its keys.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    },
  );
  const stored = KeysFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  return { signing: stored.signing as JWK[], cookies: stored.cookies };
}

/** The public half of the signing keys, for the API's own verifier. */
export const publicJwks = (keys: DevKeys) => ({
  keys: keys.signing.map(({ kty, n, e, crv, x, y, kid, alg, use }) => ({
    kty,
    n,
    e,
    crv,
    x,
    y,
    kid,
    alg,
    use,
  })),
});
