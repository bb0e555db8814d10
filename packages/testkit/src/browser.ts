import { accessSync, constants } from 'node:fs';

/** Debian's Chromium; Playwright's own browser download does not work here, so it is never used. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

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

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Why the browser journeys cannot run on this machine, or undefined when they can. */
export const missingBrowserReason = isExecutable(chromiumPath)
  ? undefined
  : `no Chromium at ${chromiumPath}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH`;
