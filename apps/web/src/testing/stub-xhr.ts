import { vi } from 'vitest';

/** How a stubbed PUT ends: an HTTP status (with its reason), a network error, or not yet. */
export type XhrAnswer = { status: number; statusText?: string } | 'network-error' | 'pending';

/** One request made through the stub, with controls to finish it by hand. */
export type XhrRequest = {
  method: string;
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: unknown;
  /** Reports `loaded` of `total` bytes sent. */
  progress: (loaded: number, total: number) => void;
  respond: (status: number, statusText?: string) => void;
  fail: () => void;
  readonly aborted: boolean;
};

/**
 * Replaces XMLHttpRequest with a fake that records each request and answers it with `answer`
 * (a macrotask later, after progress events at half and all of the body), or leaves it pending
 * to be finished with its `progress`, `respond` and `fail`. Undo with `vi.unstubAllGlobals()`.
 */
export function stubXhr(answer: (request: XhrRequest) => XhrAnswer = () => ({ status: 200 })) {
  const requests: XhrRequest[] = [];

  class FakeXmlHttpRequest extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    statusText = '';
    readyState = 0;
    timeout = 0;
    private method = '';
    private url = '';
    private readonly headers: Record<string, string> = {};
    private done = false;
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
      this.readyState = 1;
    }

    /** Like the real one, a second value for the same name is appended, not replaced. */
    setRequestHeader(name: string, value: string) {
      const key = name.toLowerCase();
      const before = this.headers[key];
      this.headers[key] = before === undefined ? value : `${before}, ${value}`;
    }

    private finish(type: 'load' | 'error' | 'abort', status = 0, statusText = '') {
      if (this.done) return;
      this.done = true;
      this.status = status;
      this.statusText = statusText;
      this.readyState = 4;
      this.dispatchEvent(new ProgressEvent(type));
      this.dispatchEvent(new ProgressEvent('loadend'));
    }

    send(body: unknown) {
      const xhr = this;
      const request: XhrRequest = {
        method: this.method,
        url: this.url,
        headers: { ...this.headers },
        body,
        progress: (loaded, total) =>
          xhr.upload.dispatchEvent(
            new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
          ),
        respond: (status, statusText = '') => xhr.finish('load', status, statusText),
        fail: () => xhr.finish('error'),
        get aborted() {
          return xhr.aborted;
        },
      };
      requests.push(request);
      const outcome = answer(request);
      if (outcome === 'pending') return;
      setTimeout(() => {
        const size = body instanceof Blob ? body.size : 0;
        request.progress(Math.floor(size / 2), size);
        request.progress(size, size);
        if (outcome === 'network-error') request.fail();
        else request.respond(outcome.status, outcome.statusText);
      }, 0);
    }

    abort() {
      this.aborted = true;
      this.finish('abort');
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXmlHttpRequest);
  return { requests };
}
