import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTable, parseUsersArgs } from './users-args.js';

const CLI = fileURLToPath(new URL('./users.ts', import.meta.url));
// What `node --import tsx` finds from the repository root, as an absolute URL: the CLI runs in
// its own temporary folder, so a developer's .env (perhaps with DATABASE_URL) stays out of it.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
// Each run starts PGlite (a few seconds), more when the whole suite runs alongside.
const SPAWN_TIMEOUT = 60_000;

type Run = { code: number | null; stdout: string; stderr: string };

describe('npm run users (the real CLI on a fresh embedded database)', () => {
  let dir = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bec-users-cli-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const users = (...args: string[]) =>
    new Promise<Run>((resolve) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(dir, 'data') };
      delete env.DATABASE_URL;
      delete env.ADMIN_EMAILS;
      execFile(
        process.execPath,
        ['--import', TSX, CLI, ...args],
        { cwd: dir, env, timeout: SPAWN_TIMEOUT },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });

  it('adds an admin and an editor, and lists both with their roles', {
    timeout: 3 * SPAWN_TIMEOUT,
  }, async () => {
    const admin = await users('add', 'Ana@Example.cl', '--role', 'admin', '--name', 'Ana Admin');
    expect(admin, admin.stderr).toMatchObject({ code: 0 });
    expect(admin.stdout).toContain('ana@example.cl (id 1, Ana Admin) is now admin.');

    const editor = await users('add', 'elena@example.cl', '--role', 'editor');
    expect(editor, editor.stderr).toMatchObject({ code: 0 });

    const list = await users('list');
    expect(list, list.stderr).toMatchObject({ code: 0 });
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id\s+email\s+name\s+role$/);
    expect(lines.slice(2)).toEqual([
      expect.stringMatching(/^1\s+ana@example\.cl\s+Ana Admin\s+admin$/),
      expect.stringMatching(/^2\s+elena@example\.cl\s+elena\s+editor$/),
    ]);
  });

  it('refuses to demote the only admin, with exit code 1', { timeout: SPAWN_TIMEOUT }, async () => {
    const result = await users('add', 'ana@example.cl', '--role', 'viewer');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('BEC needs at least one admin');
  });

  it('removes a member; the admin stays admin', { timeout: 2 * SPAWN_TIMEOUT }, async () => {
    const removed = await users('remove', 'elena@example.cl');
    expect(removed, removed.stderr).toMatchObject({
      code: 0,
      stdout: 'Removed elena@example.cl (id 2).\n',
    });

    const list = await users('list');
    expect(list.stdout).not.toContain('elena@example.cl');
    expect(list.stdout).toMatch(/^1\s+ana@example\.cl\s+Ana Admin\s+admin$/m);
  });

  it('names the allowed roles when given another, with exit code 1', {
    timeout: SPAWN_TIMEOUT,
  }, async () => {
    const result = await users('add', 'olga@example.cl', '--role', 'owner');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Role must be one of viewer, editor or admin (got "owner")');
  });

  it('prints the usage for an unknown command, with exit code 1', {
    timeout: SPAWN_TIMEOUT,
  }, async () => {
    const result = await users('promote', 'ana@example.cl');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Unknown command: promote');
    expect(result.stderr).toContain('Usage: npm run users -- <command>');
  });
});

describe('parseUsersArgs', () => {
  it('reads add, list and remove', () => {
    expect(parseUsersArgs(['add', ' Ana@Example.CL ', '-r', 'Editor', '--name', ' Ana '])).toEqual({
      command: 'add',
      email: 'ana@example.cl',
      role: 'editor',
      name: 'Ana',
    });
    expect(parseUsersArgs(['add', 'ana@example.cl', '--role', 'viewer'])).toEqual({
      command: 'add',
      email: 'ana@example.cl',
      role: 'viewer',
    });
    expect(parseUsersArgs(['list'])).toEqual({ command: 'list' });
    expect(parseUsersArgs(['remove', 'ana@example.cl'])).toEqual({
      command: 'remove',
      email: 'ana@example.cl',
    });
    expect(parseUsersArgs(['--help'])).toEqual({ command: 'help' });
  });

  it('explains what is wrong, and says when the usage text helps', () => {
    expect(parseUsersArgs([])).toEqual({ error: 'Missing command.', usage: true });
    expect(parseUsersArgs(['add', 'not-an-email', '--role', 'admin'])).toEqual({
      error: '"not-an-email" is not a valid email address.',
      usage: false,
    });
    expect(parseUsersArgs(['add', 'ana@example.cl'])).toEqual({
      error: 'add needs --role viewer|editor|admin.',
      usage: true,
    });
    expect(parseUsersArgs(['add', 'ana@example.cl', '--role', 'admin', '--name', ' '])).toEqual({
      error: '--name must not be empty.',
      usage: false,
    });
    expect(parseUsersArgs(['remove'])).toEqual({ error: 'EMAIL is missing.', usage: true });
    expect(parseUsersArgs(['remove', 'a@example.cl', 'b@example.cl'])).toEqual({
      error: 'Unexpected argument: b@example.cl',
      usage: true,
    });
    expect(parseUsersArgs(['list', '--role', 'admin'])).toEqual({
      error: '--role and --name are only for add.',
      usage: true,
    });
    expect(parseUsersArgs(['list', '--force'])).toMatchObject({
      error: expect.stringContaining("Unknown option '--force'"),
      usage: true,
    });
    expect(parseUsersArgs(['add', 'ana@example.cl', '--role'])).toMatchObject({
      error: expect.stringContaining('argument missing'),
      usage: true,
    });
  });
});

describe('formatTable', () => {
  it('aligns columns under a header', () => {
    expect(
      formatTable(
        ['id', 'name'],
        [
          ['1', 'Ana'],
          ['10', 'Bo'],
        ],
      ),
    ).toBe(['id  name', '--  ----', '1   Ana', '10  Bo'].join('\n'));
  });
});
