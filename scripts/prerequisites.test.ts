import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'prerequisites.cjs');

let dir: string;
let binDir: string;
let aptLog: string;
let missingChromium: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'traffic-prerequisites-'));
  binDir = join(dir, 'bin');
  mkdirSync(binDir);
  aptLog = join(dir, 'apt-get.log');
  missingChromium = join(dir, 'usr-bin', 'chromium');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A stand-in apt-get on the fake PATH: it records each call (and the DEBIAN_FRONTEND it saw), and
 * its `install` either creates the browser, fails like a broken mirror, or does nothing.
 */
function fakeAptGet(install: 'creates-chromium' | 'fails' | 'installs-nothing') {
  const onInstall = {
    'creates-chromium': `fs.mkdirSync(path.dirname(${JSON.stringify(missingChromium)}), { recursive: true });
  fs.writeFileSync(${JSON.stringify(missingChromium)}, '#!/bin/sh\\n', { mode: 0o755 });`,
    fails: `console.error('E: Unable to fetch some archives'); process.exitCode = 100;`,
    'installs-nothing': '',
  }[install];
  // A Node.js script, so that it needs nothing from the PATH it is found on.
  const file = join(binDir, 'apt-get');
  writeFileSync(
    file,
    `#!${process.execPath}
const fs = require('node:fs');
const path = require('node:path');
const args = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(aptLog)}, args.join(' ') + ' DEBIAN_FRONTEND=' + process.env.DEBIAN_FRONTEND + '\\n');
if (args[0] === 'install') {
  ${onInstall}
}
`,
  );
  chmodSync(file, 0o755);
}

function aptCalls(): string[] {
  return existsSync(aptLog) ? readFileSync(aptLog, 'utf8').trim().split('\n') : [];
}

interface Run {
  args?: string[];
  env?: Record<string, string>;
  /** Stand-ins for the machine's facts (Node.js version, user id, where Chromium is expected). */
  overrides?: { nodeVersion?: string; uid?: number; defaultChromium?: string; defaultHaproxy?: string };
}

/** Spawns the real script with a PATH holding only `binDir` (so no real apt-get can run). */
function run({ args = [], env = {}, overrides }: Run = {}) {
  const processArgs = overrides
    ? ['-e', `process.exitCode = require(${JSON.stringify(SCRIPT)}).main(process.argv.slice(1), ${JSON.stringify(overrides)})`, ...args]
    : [SCRIPT, ...args];
  const result = spawnSync(process.execPath, processArgs, {
    env: { PATH: binDir, ...env },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the Node.js version', () => {
  it('passes silently on this Node.js', () => {
    expect(run()).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('refuses an older Node.js with one line naming the version needed and the one found', () => {
    const result = run({ overrides: { nodeVersion: '18.20.4' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^This project needs Node\.js 20\.19 or newer \(package\.json "engines": ">=20\.19"\), but this is Node\.js 18\.20\.4 .*install a newer Node\.js/,
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses 20.18 and accepts 20.19.0 and 22', () => {
    expect(run({ overrides: { nodeVersion: '20.18.3' } }).code).toBe(1);
    expect(run({ overrides: { nodeVersion: '20.19.0' } }).code).toBe(0);
    expect(run({ overrides: { nodeVersion: '22.1.0' } }).code).toBe(0);
  });

  it('is checked before the browser, so an old Node.js never reaches apt-get', () => {
    fakeAptGet('creates-chromium');
    const result = run({ args: ['browser'], overrides: { nodeVersion: '18.20.4', uid: 0, defaultChromium: missingChromium } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^This project needs Node\.js 20\.19/);
    expect(aptCalls()).toEqual([]);
  });
});

describe('CHROMIUM_PATH', () => {
  it('naming no file stops at once with a message naming it, installing nothing', () => {
    fakeAptGet('creates-chromium');
    const result = run({ args: ['browser'], env: { CHROMIUM_PATH: join(dir, 'nowhere', 'chrome') } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `CHROMIUM_PATH=${join(dir, 'nowhere', 'chrome')} names no file; point it at a Chromium executable, or unset it to use Debian's /usr/bin/chromium.\n`,
    );
    expect(aptCalls()).toEqual([]);
  });

  it('naming a directory or a file that cannot be executed stops with a message naming it', () => {
    const plain = join(dir, 'chrome.txt');
    writeFileSync(plain, 'not a browser');
    for (const path of [dir, plain]) {
      const result = run({ args: ['browser'], env: { CHROMIUM_PATH: path } });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`CHROMIUM_PATH=${path} is not an executable file;`);
    }
  });

  it('naming an executable file passes silently, even with no browser at the default place', () => {
    const chrome = join(dir, 'chrome');
    writeFileSync(chrome, '#!/bin/sh\n');
    chmodSync(chrome, 0o755);
    const result = run({ args: ['browser'], env: { CHROMIUM_PATH: chrome }, overrides: { defaultChromium: missingChromium } });
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('no Chromium at the default place', () => {
  it('without apt-get on the PATH, stops with one line naming the command to run', () => {
    const result = run({ args: ['browser'], overrides: { uid: 0, defaultChromium: missingChromium } });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `The end-to-end tests need Chromium at ${missingChromium}, which is missing, and apt-get is not available here: ` +
        'run `sudo apt-get install chromium` (or set CHROMIUM_PATH to a Chromium executable), then run the command again.\n',
    );
  });

  it('as a user other than root, names the command and leaves apt-get alone', () => {
    fakeAptGet('creates-chromium');
    const result = run({ args: ['browser'], overrides: { uid: 1000, defaultChromium: missingChromium } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('which is missing, and only root can install it: run `sudo apt-get install chromium`');
    expect(aptCalls()).toEqual([]);
  });

  it("as root with apt-get, says what it installs and why in one line, then installs Debian's package non-interactively", () => {
    fakeAptGet('creates-chromium');
    const result = run({ args: ['browser'], overrides: { uid: 0, defaultChromium: missingChromium } });
    expect(result).toEqual({
      code: 0,
      stdout:
        `Chromium is missing at ${missingChromium} and the end-to-end tests need it: ` +
        "installing Debian's chromium package (apt-get install chromium, once; a few minutes).\n",
      stderr: '',
    });
    expect(aptCalls()).toEqual([
      'update -qq -o DPkg::Lock::Timeout=600 DEBIAN_FRONTEND=noninteractive',
      'install -y -qq -o DPkg::Lock::Timeout=600 chromium DEBIAN_FRONTEND=noninteractive',
    ]);
  });

  it("stops with apt-get's own words and the command to run when the install fails", () => {
    fakeAptGet('fails');
    const result = run({ args: ['browser'], overrides: { uid: 0, defaultChromium: missingChromium } });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toBe('E: Unable to fetch some archives');
    expect(lines[1]).toMatch(
      /^Installing Debian's chromium package failed: apt-get install exited with 100 \(its output is above, all of it in .+\.log\); run `sudo apt-get install chromium` yourself/,
    );
    rmSync(lines[1]!.match(/all of it in (\S+\.log)/)![1]!);
  });

  it('stops when apt-get succeeds but leaves no executable at the expected place', () => {
    fakeAptGet('installs-nothing');
    const result = run({ args: ['browser'], overrides: { uid: 0, defaultChromium: missingChromium } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `apt-get installed the chromium package, but ${missingChromium} is still not an executable file; ` +
        'set CHROMIUM_PATH to the Chromium executable and run the command again.\n',
    );
  });
});

describe('no HAProxy at the default place (the reliability suite)', () => {
  it('passes silently when it is there, calling no apt-get', () => {
    fakeAptGet('fails');
    const present = join(dir, 'haproxy');
    writeFileSync(present, '#!/bin/sh\n', { mode: 0o755 });
    expect(run({ args: ['haproxy'], overrides: { uid: 0, defaultHaproxy: present } })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(aptCalls()).toEqual([]);
  });

  it('as a user other than root, names the command and leaves apt-get alone', () => {
    fakeAptGet('fails');
    const result = run({ args: ['haproxy'], overrides: { uid: 1000, defaultHaproxy: join(dir, 'none', 'haproxy') } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('which is missing, and only root can install it: run `sudo apt-get install haproxy`');
    expect(aptCalls()).toEqual([]);
  });

  it("as root with apt-get, says so in one line and installs Debian's package non-interactively", () => {
    fakeAptGet('installs-nothing');
    const missing = join(dir, 'none', 'haproxy');
    const result = run({ args: ['haproxy'], overrides: { uid: 0, defaultHaproxy: missing } });
    expect(result.stdout).toBe(
      `HAProxy is missing at ${missing} and the reliability suite needs it: installing Debian's haproxy package (apt-get install haproxy, once).\n`,
    );
    expect(aptCalls()).toEqual([
      'update -qq -o DPkg::Lock::Timeout=600 DEBIAN_FRONTEND=noninteractive',
      'install -y --no-install-recommends -qq -o DPkg::Lock::Timeout=600 haproxy DEBIAN_FRONTEND=noninteractive',
    ]);
    // The stand-in installed nothing: the script says so instead of claiming success.
    expect(result).toMatchObject({
      code: 1,
      stderr: `apt-get installed the haproxy package, but ${missing} is still not an executable file.\n`,
    });
  });
});
