import { describe, expect, it, vi } from 'vitest';
import { SERVICE_WORKER_URL, SKIP_WAITING } from '@/config/service-worker';
import { type WorkerContainer, watchServiceWorker } from './service-worker-updates';

/** A worker whose state the test moves, as the browser would. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = vi.fn();
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  update = vi.fn(() => Promise.resolve());
  /** A new service worker found on the server: it starts installing. */
  find() {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null;
  registration = new FakeRegistration();
  register = vi.fn(() => Promise.resolve(this.registration));
  constructor(controlled: boolean) {
    super();
    this.controller = controlled ? new FakeWorker() : null;
  }
}

function setup({ controlled = true, waiting = false } = {}) {
  const container = new FakeContainer(controlled);
  if (waiting)
    container.registration.waiting = Object.assign(new FakeWorker(), { state: 'installed' });
  const reload = vi.fn();
  const updates = watchServiceWorker(container as unknown as WorkerContainer, reload);
  const changed = vi.fn();
  updates.subscribe(changed);
  return { container, registration: container.registration, reload, updates, changed };
}

/** Lets the registration's promise settle. */
const registered = () => new Promise((resolve) => setTimeout(resolve));

describe('watchServiceWorker', () => {
  it('registers the worker for the whole origin', async () => {
    const { container } = setup();
    await registered();
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('offers a new version once it has installed, and switches to it only when asked', async () => {
    const { container, registration, updates, changed, reload } = setup();
    await registered();
    const next = registration.find();
    expect(updates.updateReady()).toBe(false);
    next.moveTo('installed');
    expect(updates.updateReady()).toBe(true);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(next.postMessage).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    updates.applyUpdate();
    expect(next.postMessage).toHaveBeenCalledWith(SKIP_WAITING);
    // The page reloads once the new worker controls it, not before.
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a version that was already waiting when the page opened', async () => {
    const { updates } = setup({ waiting: true });
    await registered();
    expect(updates.updateReady()).toBe(true);
  });

  it('offers nothing on the first install: the page already runs the newest build', async () => {
    const { container, registration, updates, reload } = setup({ controlled: false });
    await registered();
    registration.find().moveTo('installed');
    expect(updates.updateReady()).toBe(false);
    // The first worker takes the page over (clientsClaim): no reload for that.
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
  });

  it("never reloads a tab because another tab's button switched versions", async () => {
    const { container, registration, updates, reload } = setup();
    await registered();
    const next = registration.find();
    next.moveTo('installed');
    next.moveTo('activated');
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    // Still offered; pressed, the new files are already in charge: a reload is all it takes.
    expect(updates.updateReady()).toBe(true);
    updates.applyUpdate();
    expect(next.postMessage).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks the server for a newer worker, and shrugs off a failed check', async () => {
    const { registration, updates } = setup();
    updates.checkForUpdate();
    expect(registration.update).not.toHaveBeenCalled();
    await registered();
    registration.update.mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    updates.checkForUpdate();
    updates.checkForUpdate();
    expect(registration.update).toHaveBeenCalledTimes(2);
    await registered();
  });

  it('offers nothing where registration is stubbed out and answers nothing', async () => {
    const container = new FakeContainer(true);
    container.register.mockImplementationOnce(() => Promise.resolve(undefined as never));
    const updates = watchServiceWorker(container as unknown as WorkerContainer, vi.fn());
    await registered();
    expect(updates.updateReady()).toBe(false);
    updates.checkForUpdate();
  });

  it('logs a registration that fails, and offers nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const container = new FakeContainer(true);
    container.register.mockImplementationOnce(() => Promise.reject(new Error('blocked')));
    const updates = watchServiceWorker(container as unknown as WorkerContainer, vi.fn());
    await registered();
    expect(warn).toHaveBeenCalledWith(
      'The service worker could not be registered',
      expect.any(Error),
    );
    expect(updates.updateReady()).toBe(false);
    warn.mockRestore();
  });
});
