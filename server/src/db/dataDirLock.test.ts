import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, lockFileName } from './dataDirLock.ts';

/** The id of a process that has just exited, so certainly runs no more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'headland-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes this process id into the folder and removes it on release', () => {
    const lock = lockDataDir(dir);
    const owner = JSON.parse(readFileSync(join(dir, lockFileName), 'utf8')) as { pid: number };
    expect(owner.pid).toBe(process.pid);
    lock.release();
    expect(existsSync(join(dir, lockFileName))).toBe(false);
  });

  it('refuses a folder that a running process holds, naming it', () => {
    // The parent of this test process runs for sure.
    writeFileSync(join(dir, lockFileName), JSON.stringify({ pid: process.ppid, host: 'farm-server' }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`already in use by process ${process.ppid} on farm-server`);
    expect(existsSync(join(dir, lockFileName))).toBe(true);
  });

  it('refuses a second lock from the same process', () => {
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow('already open in this process');
    lock.release();
    lockDataDir(dir).release();
  });

  it('takes over the lock of a process that no longer runs', () => {
    const pid = deadPid();
    writeFileSync(join(dir, lockFileName), JSON.stringify({ pid }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, lockFileName), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock file left half written', () => {
    writeFileSync(join(dir, lockFileName), '{"pi');
    lockDataDir(dir).release();
  });
});
