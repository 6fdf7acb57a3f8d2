#!/usr/bin/env node
/*
 * Makes sure of what `npm start` and `npm test` need before they do real work, so that a missing
 * prerequisite is one clear line instead of a stack trace or a suite failing test by test.
 *
 *   node scripts/prerequisites.cjs           the Node.js version (package.json "engines")
 *   node scripts/prerequisites.cjs browser   that, then Chromium for the end-to-end tests
 *   node scripts/prerequisites.cjs haproxy   that, then HAProxy for the reliability suite
 *
 * CommonJS in syntax that old Node.js versions still parse: the version message has to be
 * readable on exactly the Node.js it refuses.
 *
 * Chromium: CHROMIUM_PATH when set (it must name an executable file), else Debian's
 * /usr/bin/chromium. When that is missing, root with apt-get installs Debian's `chromium` package;
 * anyone else gets the command to run. A browser is never downloaded from anywhere else.
 *
 * HAProxy (apps/api/reliability/haproxy.reliability.test.ts puts three servers behind it): Debian's
 * /usr/sbin/haproxy, installed the same way (package `haproxy`) when missing.
 */
'use strict';

var fs = require('fs');
var os = require('os');
var path = require('path');
var childProcess = require('child_process');

var DEFAULT_CHROMIUM = '/usr/bin/chromium';
var DEFAULT_HAPROXY = '/usr/sbin/haproxy';
var INSTALL_COMMAND = 'sudo apt-get install chromium';
// Another apt-get (or unattended-upgrades) may hold dpkg's lock; wait for it rather than fail.
var APT_OPTIONS = ['-qq', '-o', 'DPkg::Lock::Timeout=600'];
var LOG_TAIL_LINES = 30;

/**
 * The facts of the machine, gathered once in main(): the environment is read there and nowhere
 * else. (This script cannot use the server's config module: it must run, and parse, before the
 * Node.js version is known to be one that module needs.)
 * @typedef {{ nodeVersion: string, uid: number, defaultChromium: string, defaultHaproxy: string, env: NodeJS.ProcessEnv }} Options
 */

/** @param {string} message */
function fail(message) {
  process.stderr.write(message + '\n');
  return 1;
}

/**
 * ">=20.19" → [20, 19, 0]; the only form "engines" uses here.
 * @param {string | undefined} range
 * @returns {number[] | null}
 */
function minimumVersion(range) {
  var match = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range || '');
  if (!match) return null;
  return [Number(match[1]), Number(match[2] || 0), Number(match[3] || 0)];
}

/**
 * @param {string} version
 * @param {number[]} minimum
 */
function versionAtLeast(version, minimum) {
  var parts = String(version).replace(/^v/, '').split('.').map(Number);
  for (var i = 0; i < 3; i += 1) {
    var part = parts[i] || 0;
    var wanted = minimum[i] || 0;
    if (part !== wanted) return part > wanted;
  }
  return true;
}

/** @param {string} nodeVersion */
function checkNode(nodeVersion) {
  var manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
  var range = manifest.engines && manifest.engines.node;
  var minimum = minimumVersion(range);
  if (!minimum) return fail('package.json "engines.node" is "' + range + '"; expected the form ">=20.19".');
  if (versionAtLeast(nodeVersion, minimum)) return 0;
  return fail(
    'This project needs Node.js ' +
      minimum.slice(0, 2).join('.') +
      ' or newer (package.json "engines": "' +
      range +
      '"), but this is Node.js ' +
      nodeVersion +
      ' (' +
      process.execPath +
      '); install a newer Node.js and run the command again.',
  );
}

/** @param {string} file */
function isExecutableFile(file) {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch (error) {
    return false;
  }
}

/**
 * @param {string} command
 * @param {string | undefined} searchPath
 * @returns {string | null}
 */
function findOnPath(command, searchPath) {
  var dirs = (searchPath || '').split(path.delimiter);
  for (var i = 0; i < dirs.length; i += 1) {
    var dir = dirs[i];
    if (!dir) continue;
    var candidate = path.join(dir, command);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

/**
 * @param {string} file
 * @param {number} count
 */
function lastLines(file, count) {
  var lines = fs.readFileSync(file, 'utf8').replace(/\s+$/, '').split('\n');
  return lines.slice(-count).join('\n');
}

/**
 * Runs apt-get with its output in a log file; returns null, or what went wrong.
 * @param {string} aptGet
 * @param {string[]} args
 * @param {string} log
 * @param {NodeJS.ProcessEnv} baseEnv
 * @returns {string | null}
 */
function runAptGet(aptGet, args, log, baseEnv) {
  var fd = fs.openSync(log, 'a');
  var env = Object.assign({}, baseEnv, { DEBIAN_FRONTEND: 'noninteractive' });
  var result;
  try {
    result = childProcess.spawnSync(aptGet, args, { stdio: ['ignore', fd, fd], env: env });
  } finally {
    fs.closeSync(fd);
  }
  if (result.error) return 'apt-get ' + args[0] + ' could not start (' + result.error.message + ')';
  if (result.status !== 0) {
    return 'apt-get ' + args[0] + ' exited with ' + (result.status === null ? result.signal : result.status);
  }
  return null;
}

/**
 * @param {string} aptGet
 * @param {string} chromium
 * @param {NodeJS.ProcessEnv} env
 */
function installChromium(aptGet, chromium, env) {
  process.stdout.write(
    'Chromium is missing at ' +
      chromium +
      " and the end-to-end tests need it: installing Debian's chromium package " +
      '(apt-get install chromium, once; a few minutes).\n',
  );
  var log = path.join(os.tmpdir(), 'traffic-chromium-install-' + process.pid + '.log');
  var problem =
    runAptGet(aptGet, ['update'].concat(APT_OPTIONS), log, env) ||
    runAptGet(aptGet, ['install', '-y'].concat(APT_OPTIONS, ['chromium']), log, env);
  if (problem) {
    process.stderr.write(lastLines(log, LOG_TAIL_LINES) + '\n');
    return fail(
      "Installing Debian's chromium package failed: " +
        problem +
        ' (its output is above, all of it in ' +
        log +
        '); run `' +
        INSTALL_COMMAND +
        '` yourself, or set CHROMIUM_PATH to a Chromium executable, then run the command again.',
    );
  }
  fs.unlinkSync(log);
  if (!isExecutableFile(chromium)) {
    return fail(
      'apt-get installed the chromium package, but ' +
        chromium +
        ' is still not an executable file; ' +
        'set CHROMIUM_PATH to the Chromium executable and run the command again.',
    );
  }
  return 0;
}

/** @param {Options} options */
function checkBrowser(options) {
  var configured = options.env.CHROMIUM_PATH;
  if (configured) {
    if (isExecutableFile(configured)) return 0;
    var what = fs.existsSync(configured) ? 'is not an executable file' : 'names no file';
    return fail(
      'CHROMIUM_PATH=' +
        configured +
        ' ' +
        what +
        "; point it at a Chromium executable, or unset it to use Debian's " +
        options.defaultChromium +
        '.',
    );
  }
  var chromium = options.defaultChromium;
  if (isExecutableFile(chromium)) return 0;

  var aptGet = findOnPath('apt-get', options.env.PATH);
  if (!aptGet || options.uid !== 0) {
    var reason = !aptGet ? 'apt-get is not available here' : 'only root can install it';
    return fail(
      'The end-to-end tests need Chromium at ' +
        chromium +
        ', which is missing, and ' +
        reason +
        ': run `' +
        INSTALL_COMMAND +
        '` (or set CHROMIUM_PATH to a Chromium executable), then run the command again.',
    );
  }
  return installChromium(aptGet, chromium, options.env);
}

/** @param {Options} options */
function checkHaproxy(options) {
  var haproxy = options.defaultHaproxy;
  if (isExecutableFile(haproxy)) return 0;
  var aptGet = findOnPath('apt-get', options.env.PATH);
  if (!aptGet || options.uid !== 0) {
    var reason = !aptGet ? 'apt-get is not available here' : 'only root can install it';
    return fail(
      'The reliability suite needs HAProxy at ' +
        haproxy +
        ', which is missing, and ' +
        reason +
        ': run `sudo apt-get install haproxy`, then run the command again.',
    );
  }
  process.stdout.write(
    'HAProxy is missing at ' +
      haproxy +
      " and the reliability suite needs it: installing Debian's haproxy package (apt-get install haproxy, once).\n",
  );
  var log = path.join(os.tmpdir(), 'traffic-haproxy-install-' + process.pid + '.log');
  var problem =
    runAptGet(aptGet, ['update'].concat(APT_OPTIONS), log, options.env) ||
    runAptGet(aptGet, ['install', '-y', '--no-install-recommends'].concat(APT_OPTIONS, ['haproxy']), log, options.env);
  if (problem) {
    process.stderr.write(lastLines(log, LOG_TAIL_LINES) + '\n');
    return fail(
      "Installing Debian's haproxy package failed: " +
        problem +
        ' (its output is above, all of it in ' +
        log +
        '); run `sudo apt-get install haproxy` yourself, then run the command again.',
    );
  }
  fs.unlinkSync(log);
  if (!isExecutableFile(haproxy))
    return fail('apt-get installed the haproxy package, but ' + haproxy + ' is still not an executable file.');
  return 0;
}

/**
 * Returns the exit code. `overrides` lets the tests stand in for the facts of the machine (the
 * Node.js version, the user id, where Chromium is expected); the command line passes none.
 * @param {string[]} args
 * @param {Partial<Options>} [overrides]
 * @returns {number}
 */
function main(args, overrides) {
  var options = Object.assign(
    {
      nodeVersion: process.versions.node,
      uid: typeof process.getuid === 'function' ? process.getuid() : -1,
      defaultChromium: DEFAULT_CHROMIUM,
      defaultHaproxy: DEFAULT_HAPROXY,
      env: process.env,
    },
    overrides || {},
  );
  var what = args[0] || 'node';
  if (what !== 'node' && what !== 'browser' && what !== 'haproxy')
    return fail('usage: node scripts/prerequisites.cjs [node|browser|haproxy]');
  var code = checkNode(options.nodeVersion);
  if (code !== 0 || what === 'node') return code;
  return what === 'haproxy' ? checkHaproxy(options) : checkBrowser(options);
}

module.exports = { main: main };

if (require.main === module) process.exitCode = main(process.argv.slice(2));
