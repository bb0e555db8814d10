// How the built server is started, read from `npm run serve` in package.json, so every tool that
// spawns a server itself (the bench, the browser journeys, the two-instance test) runs exactly
// what a team runs, runtime flags included, and keeps the server's pid (npm would sit between).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Node's arguments that start the built server (`node ...serveArgs()`), its entry absolute. */
export function serveArgs(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  };
  const [command, ...args] = manifest.scripts.serve.split(/\s+/);
  const entry = args.at(-1);
  if (command !== 'node' || !entry?.endsWith('.js')) {
    throw new Error(`the serve script is not "node [flags] <entry>.js": ${manifest.scripts.serve}`);
  }
  return [...args.slice(0, -1), path.join(repoRoot, entry)];
}
