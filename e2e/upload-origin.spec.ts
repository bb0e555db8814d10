import { missingBrowserReason } from '@bec/testkit/browser';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { api, signIn } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

/**
 * PUBLIC_URL is its default (http://localhost:PORT), but people open the app by another name
 * (127.0.0.1, the machine's name). The local driver's upload URL is a path, so the browser PUTs to
 * the origin the page is on; an absolute URL to localhost would be cross-origin and blocked.
 */
test('a page opened on 127.0.0.1 can PUT a photo to its upload URL', async ({ page }) => {
  await signIn(page, 'editor@bec.local');
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#4f7d3a' },
  })
    .png()
    .toBuffer();
  const signed = await api(page, 'POST', '/api/photos/upload_url', [
    { name: 'casa.png', content_type: 'image/png', size: png.length },
  ]);
  expect(signed.status).toBe(200);
  const [entry] = signed.body.data as { url: string; headers: Record<string, string> }[];
  if (!entry) throw new Error('no entry');

  const page127 = new URL(page.url());
  page127.hostname = '127.0.0.1';
  await page.goto(page127.href);
  // The PUT as the web app makes it: XMLHttpRequest, the entry's URL and headers as given.
  const status = await page.evaluate(
    ({ url, headers, bytes }) =>
      new Promise<number>((resolve) => {
        const xhr = new XMLHttpRequest();
        xhr.open('PUT', url);
        for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
        xhr.addEventListener('loadend', () => resolve(xhr.status));
        xhr.send(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
      }),
    { url: entry.url, headers: entry.headers ?? { 'Content-Type': 'image/png' }, bytes: [...png] },
  );
  expect(status).toBe(200);
});
