import { accessSync, constants } from 'node:fs';

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * Debian's Chromium builds, best first; Playwright's own browser download does not work here, so
 * it is never used. Every tool here runs the browser headless, and the headless shell (package
 * chromium-headless-shell) is the lighter one: the full browser's headless mode still draws its
 * hidden window's toolbar and preloads the omnibox popup as WebUI pages, with a renderer and GPU
 * work of their own (ADR 056).
 */
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** CHROMIUM_PATH, else the first of the candidates this machine has. */
export const chromiumPath =
  process.env.CHROMIUM_PATH ||
  CHROMIUM_CANDIDATES.find(isExecutable) ||
  (CHROMIUM_CANDIDATES[0] as string);

/**
 * How every tool here launches it (the journeys, npm run lighthouse): quiet on the network, since
 * without these Chromium's own connections (updates, sync, QUIC probes) hit this machine's closed
 * network.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** CI sets E2E=required: a missing browser then fails the run instead of skipping it. */
export const e2eRequired = process.env.E2E === 'required';

/** Why the browser journeys cannot run on this machine, or undefined when they can. */
export const missingBrowserReason = isExecutable(chromiumPath)
  ? undefined
  : `no Chromium at ${chromiumPath}: install Debian's (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH`;
