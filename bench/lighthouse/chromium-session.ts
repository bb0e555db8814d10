import { accessSync, constants, mkdirSync } from 'node:fs';
import { chromiumArgs, chromiumPath } from '@bec/testkit/browser';
import { chromium, type Page } from '@playwright/test';
import { type LaunchedChrome, launch } from 'chrome-launcher';

/**
 * Debian's Chromium (`chromiumPath`: the headless shell where it is installed, ADR 056), launched
 * as the e2e suite launches it; `--headless` for the full browser, which the shell ignores.
 */
const FLAGS = ['--headless', ...chromiumArgs];

/** A setup problem worth one line (no stack): what is missing and how to get it. */
export class MissingBrowserError extends Error {
  override readonly name = 'MissingBrowserError';
}

/** Throws a MissingBrowserError unless Chromium is there: checked before the minutes of setup. */
export function assertChromium() {
  try {
    accessSync(chromiumPath, constants.X_OK);
  } catch {
    throw new MissingBrowserError(
      `no Chromium at ${chromiumPath}: install Debian's (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH`,
    );
  }
}

/**
 * Chromium on a fresh profile, driven over CDP by Lighthouse and (for the sign-in) Playwright.
 * The caller kills it, also on Ctrl-C (chrome-launcher's own SIGINT handler would exit first).
 */
export async function launchChromium(userDataDir: string): Promise<LaunchedChrome> {
  assertChromium();
  // chrome-launcher writes its logs there before Chromium creates it.
  mkdirSync(userDataDir, { recursive: true });
  return launch({
    chromePath: chromiumPath,
    chromeFlags: FLAGS,
    userDataDir,
    logLevel: 'silent',
    handleSIGINT: false,
  });
}

/** "Chromium/156.0.8078.79", as the browser reports itself. */
export async function browserVersion(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/json/version`);
  const { Browser } = (await response.json()) as { Browser?: string };
  return Browser ?? 'unknown';
}

/** Playwright attached to the running browser for one task, detached again afterwards. */
async function withPage<T>(port: number, task: (page: Page) => Promise<T>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default browser context');
    const page = await context.newPage();
    try {
      return await task(page);
    } finally {
      await page.close();
    }
  } finally {
    // Detaches only: the browser and its default profile (with the session) live on.
    await browser.close();
  }
}

/**
 * Signs in through the development provider's page as a person would (e2e/support.ts `signIn`),
 * so the session sits in the profile's localStorage, where the measured pages find it. Answers
 * the access token the web app holds, for the API calls that set up the data.
 */
export function signIn(port: number, base: string, email: string): Promise<string> {
  return withPage(port, async (page) => {
    await page.goto(`${base}/home`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('stands in for Google').waitFor();
    await page.getByRole('button', { name: new RegExp(email.replace('.', '\\.')) }).click();
    await page.waitForURL(/\/home$/);
    await page.getByRole('heading', { name: 'Welcome to the BEC Project!' }).waitFor();
    // The web app keeps its session (oidc-client-ts) under `oidc.user:<issuer>:<client>`.
    const { origins } = await page.context().storageState();
    const session = origins
      .find((o) => o.origin === new URL(base).origin)
      ?.localStorage.find((item) => item.name.startsWith('oidc.user:'));
    const token = session ? (JSON.parse(session.value).access_token as string | undefined) : null;
    if (!token) throw new Error(`signed in as ${email}, but no session is in localStorage`);
    return token;
  });
}

/**
 * Forgets the app's files but keeps storage (the session): the HTTP cache, and the service
 * worker with its precache (ADR 044). Lighthouse clears both unless told to keep storage, and
 * then it clears neither: without this a signed-in page would be measured with the files the
 * sign-in already cached, not as the first visit after a deploy (every file new).
 */
export function forgetAppFiles(port: number, url: string): Promise<void> {
  return withPage(port, async (page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(url).origin,
      storageTypes: 'service_workers,cache_storage',
    });
    await cdp.detach();
  });
}

/**
 * A returning visit of this build: the app's files forgotten, then `url` opened once, the
 * service worker left installed with its precache and in control, and the page quiet. The HTTP
 * cache then holds the photos (their signed links are stable for a day), never the API's answers
 * (`no-store`).
 */
export function primeReturningVisit(port: number, url: string): Promise<void> {
  return forgetAppFiles(port, url).then(() =>
    withPage(port, async (page) => {
      await page.goto(url, { waitUntil: 'networkidle' });
      // Activated means precached: the worker installs only once every file of the build is in.
      // (Strings: this package is typed without the DOM's service worker types.)
      await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
      await page.waitForFunction('navigator.serviceWorker.controller !== null');
      await page.reload({ waitUntil: 'networkidle' });
    }),
  );
}
