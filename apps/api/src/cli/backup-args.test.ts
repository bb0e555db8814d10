import { describe, expect, it } from 'vitest';
import { defaultBackupFile, parseBackupArgs, parseRestoreArgs } from './backup-args.js';

// The commands themselves run end to end in apps/api/test/backup.test.ts.

const NOW = new Date('2026-11-24T03:15:07.123Z');

describe('parseBackupArgs', () => {
  it('writes backups/bec-YYYYMMDD-HHMMSS.tar.gz (UTC) unless told --out', () => {
    expect(defaultBackupFile(NOW)).toBe('backups/bec-20261124-031507.tar.gz');
    expect(parseBackupArgs([], NOW)).toEqual({
      command: 'backup',
      out: 'backups/bec-20261124-031507.tar.gz',
    });
    expect(parseBackupArgs(['--out', '/srv/copias/noche.tar.gz'], NOW)).toEqual({
      command: 'backup',
      out: '/srv/copias/noche.tar.gz',
    });
    expect(parseBackupArgs(['-o', 'b.tgz'], NOW)).toEqual({ command: 'backup', out: 'b.tgz' });
    expect(parseBackupArgs(['--help'])).toEqual({ command: 'help' });
  });

  it('explains what is wrong, and says when the usage text helps', () => {
    expect(parseBackupArgs(['copia.tar.gz'])).toEqual({
      error: 'Unexpected argument: copia.tar.gz (name the archive with --out FILE).',
      usage: true,
    });
    expect(parseBackupArgs(['--out', 'copia.zip'])).toEqual({
      error: '--out must name a .tar.gz file (got "copia.zip").',
      usage: false,
    });
    expect(parseBackupArgs(['--out'])).toMatchObject({
      error: expect.stringContaining('argument missing'),
      usage: true,
    });
    expect(parseBackupArgs(['--force'])).toMatchObject({
      error: expect.stringContaining("Unknown option '--force'"),
      usage: true,
    });
  });
});

describe('parseRestoreArgs', () => {
  it('takes the archive to restore', () => {
    expect(parseRestoreArgs(['backups/bec-20261124-031507.tar.gz'])).toEqual({
      command: 'restore',
      file: 'backups/bec-20261124-031507.tar.gz',
    });
    expect(parseRestoreArgs(['-h'])).toEqual({ command: 'help' });
  });

  it('explains what is wrong', () => {
    expect(parseRestoreArgs([])).toEqual({
      error: 'FILE is missing: name the archive.',
      usage: true,
    });
    expect(parseRestoreArgs(['a.tar.gz', 'b.tar.gz'])).toEqual({
      error: 'Unexpected argument: b.tar.gz',
      usage: true,
    });
    expect(parseRestoreArgs(['--out', 'a.tar.gz'])).toMatchObject({
      error: expect.stringContaining("Unknown option '--out'"),
      usage: true,
    });
  });
});
