import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';

/**
 * A .tar.gz written entry by entry (tar-stream: no tar code of ours), with backpressure: `add`
 * resolves once the entry has gone on to gzip, so memory holds one entry at a time. The archive
 * is written beside its name and linked into place only when complete, never over a file.
 */
export async function openArchiveWriter(file: string) {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  const tar = pack();
  // Readable by its owner only: it holds every member's email and every note.
  const written = pipeline(
    tar,
    createGzip(),
    createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
  );
  // A failure shows through `add` or `finish`; don't let it go unhandled meanwhile.
  written.catch(() => {});
  const mtime = new Date();

  return {
    add(name: string, body: Buffer) {
      return new Promise<void>((resolve, reject) => {
        tar.entry({ name, size: body.length, mtime }, body, (err) =>
          err ? reject(err) : resolve(),
        );
      });
    },
    /** Completes the archive and puts it at `file`; fails if something is there already. */
    async finish() {
      tar.finalize();
      await written;
      try {
        await link(partial, file);
      } finally {
        await rm(partial, { force: true });
      }
    },
    async abort(reason: Error) {
      tar.destroy(reason);
      await written.catch(() => {});
      await rm(partial, { force: true });
    },
  };
}

export type ArchiveEntry = {
  name: string;
  size: number;
  type: string;
  /** The entry's bytes; read them (or `skip`) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
};

/**
 * The entries of a .tar.gz, one at a time and in order. Not a gzip file or not a tar inside
 * surfaces as an error from the iteration.
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const entries = extract();
  const source = createReadStream(file);
  const gunzip = createGunzip();
  const fail = (err: Error) => entries.destroy(err);
  source.on('error', fail);
  gunzip.on('error', fail);
  source.pipe(gunzip).pipe(entries as unknown as NodeJS.WritableStream);
  try {
    for await (const entry of entries) {
      yield {
        name: entry.header.name,
        size: entry.header.size,
        type: entry.header.type,
        body: entry as AsyncIterable<Buffer>,
      };
      // Whatever the caller left unread.
      entry.resume();
    }
  } finally {
    source.destroy();
    gunzip.destroy();
    entries.destroy();
  }
}

/** An entry's bytes in one buffer. */
export async function readBody(entry: ArchiveEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
