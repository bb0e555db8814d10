import { readFile, rm, writeFile } from 'node:fs/promises';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A pid file next to the folder makes the second one stop with a clear message instead.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return () => rm(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(await readFile(lockFile, 'utf8').catch(() => ''));
      if (pid && pid !== process.pid && alive(pid)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${pid} (probably the BEC server). Stop it first, or use PostgreSQL through DATABASE_URL to share one database between processes.`,
        );
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
