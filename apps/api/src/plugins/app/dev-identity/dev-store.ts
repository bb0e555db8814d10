import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Adapter, AdapterPayload } from 'oidc-provider';

type Entry = { payload: AdapterPayload; expiresAt: number | null };

/**
 * oidc-provider storage in one JSON file under DATA_DIR, so development sign-in sessions and
 * refresh tokens survive a restart. Small and single-process, like the development sign-in.
 */
export async function createDevStore(dataDir: string) {
  const file = path.join(dataDir, 'oidc', 'store.json');
  const entries = new Map<string, Entry>();
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as Record<string, Entry>;
    const now = Date.now();
    for (const [key, entry] of Object.entries(saved)) {
      if (entry.expiresAt === null || entry.expiresAt > now) entries.set(key, entry);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' && !(err instanceof SyntaxError))
      throw err;
  }

  // Writes are chained so the file always holds one whole snapshot.
  let writing: Promise<void> = Promise.resolve();
  const persist = () => {
    writing = writing.then(async () => {
      const now = Date.now();
      for (const [key, entry] of entries)
        if (entry.expiresAt !== null && entry.expiresAt <= now) entries.delete(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(Object.fromEntries(entries)), { mode: 0o600 });
      await rename(temporary, file);
    });
    return writing;
  };

  const live = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  class DevStoreAdapter implements Adapter {
    constructor(readonly model: string) {}
    key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      entries.set(this.key(id), {
        payload,
        expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null,
      });
      await persist();
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUserCode(userCode: string) {
      for (const [key] of entries) {
        const payload = key.startsWith(`${this.model}:`) ? live(key) : undefined;
        if (payload?.userCode === userCode) return payload;
      }
      return undefined;
    }
    async findByUid(uid: string) {
      for (const [key] of entries) {
        const payload = key.startsWith(`${this.model}:`) ? live(key) : undefined;
        if (payload?.uid === uid) return payload;
      }
      return undefined;
    }
    async consume(id: string) {
      const entry = entries.get(this.key(id));
      if (entry) {
        entry.payload.consumed = Math.floor(Date.now() / 1000);
        await persist();
      }
    }
    async destroy(id: string) {
      entries.delete(this.key(id));
      await persist();
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of entries)
        if (entry.payload.grantId === grantId) entries.delete(key);
      await persist();
    }
  }

  return { Adapter: DevStoreAdapter, flush: () => writing };
}
