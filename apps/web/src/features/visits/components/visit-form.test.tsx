import type { Visit } from '@bec/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/features/visits/messages';
import { clearOfflineQueue, listQueueItems } from '@/entities/offline-queue/store';
import { fromLocalInput, toLocalInput, VisitForm } from '@/features/visits/components/visit-form';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderWithProviders } from '@/testing/render';
import { okReply, stubApi } from '@/testing/stub-api';

const visitors = [
  { id: 1, name: 'Ana Admin' },
  { id: 2, name: 'Elena Editora' },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setAccessTokenSource(null);
});

const renderForm = (visit?: Visit) => {
  const onDone = vi.fn();
  const onChanged = vi.fn();
  renderWithProviders(
    <VisitForm
      propertyId={7}
      visit={visit}
      visitors={visitors}
      defaultVisitorId={2}
      onDone={onDone}
      onCancel={vi.fn()}
      onChanged={onChanged}
    />,
  );
  return { onDone, onChanged };
};

describe('VisitForm', () => {
  it('turns the local date and time into an instant and back', () => {
    const iso = fromLocalInput('2026-11-25T10:30');
    expect(iso).toBe(new Date('2026-11-25T10:30').toISOString());
    expect(toLocalInput(iso ?? '')).toBe('2026-11-25T10:30');
    expect(fromLocalInput('')).toBeNull();
  });

  it('logs a visit with the signed-in member as visitor, notes and a rating', async () => {
    const api = stubApi({
      'POST /api/properties/7/visits': okReply({ id: 3, updated_at: '2026-11-24T12:00:00.000Z' }),
    });
    const { onDone, onChanged } = renderForm();
    fireEvent.change(screen.getByLabelText(/Date and time/), {
      target: { value: '2026-11-20T10:30' },
    });
    await userEvent.type(screen.getByLabelText('Notes'), 'Buena luz');
    fireEvent.keyDown(screen.getByRole('radio', { name: '4 of 5' }), { key: 'Enter' });
    await userEvent.click(screen.getByRole('button', { name: 'Save visit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalled();
    expect(api.requestsTo('POST /api/properties/7/visits')[0]?.body).toEqual({
      visited_at: new Date('2026-11-20T10:30').toISOString(),
      visitor_id: 2,
      notes: 'Buena luz',
      rating: 4,
      photos: [],
    });
  });

  it('asks for the date before sending anything', async () => {
    const api = stubApi({});
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save visit' }));
    expect(await screen.findByText('Give the date and time')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it("shows the server's problems under their fields", async () => {
    stubApi({
      'POST /api/properties/7/visits': {
        status: 400,
        body: {
          status: 'error',
          message: 'Invalid request',
          data: null,
          error: {
            code: 'VALIDATION_FAILED',
            fieldErrors: { rating: ['x'] },
            issues: [{ field: 'rating', rule: 'rating_after_visit', params: {} }],
          },
        },
      },
    });
    const { onDone } = renderForm();
    fireEvent.change(screen.getByLabelText(/Date and time/), {
      target: { value: '2026-12-20T10:30' },
    });
    fireEvent.keyDown(screen.getByRole('radio', { name: '5 of 5' }), { key: 'Enter' });
    await userEvent.click(screen.getByRole('button', { name: 'Save visit' }));
    expect(
      await screen.findByText('Rating can only be given once the visit has taken place'),
    ).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('edits a visit: keeps the photos left checked and sends the version it loaded', async () => {
    const visit: Visit = {
      id: 9,
      property_id: 7,
      visited_at: '2026-03-02T14:30:00.000Z',
      visitor: { id: 1, name: 'Ana Admin' },
      notes: null,
      rating: 3,
      photos: [10, 11].map((id) => ({
        id,
        url: 'u',
        thumbnail_url: 't',
        original_url: 'o',
        width: null,
        height: null,
      })),
      created_by_name: 'Ana Admin',
      updated_at: '2026-03-02T15:00:00.000Z',
    };
    const api = stubApi({
      'PUT /api/visits/9': okReply({ id: 9, updated_at: '2026-11-24T12:00:00.000Z' }),
    });
    const { onDone } = renderForm(visit);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Keep photo 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save visit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.requestsTo('PUT /api/visits/9')[0]?.body).toEqual({
      visited_at: '2026-03-02T14:30:00.000Z',
      visitor_id: 1,
      notes: null,
      rating: 3,
      photos: [11],
      updated_at: '2026-03-02T15:00:00.000Z',
    });
  });
});

describe('VisitForm offline (ADR 047)', () => {
  const renderQueuing = () => {
    const onDone = vi.fn();
    const onQueued = vi.fn();
    renderWithProviders(
      <VisitForm
        propertyId={7}
        visitors={visitors}
        defaultVisitorId={2}
        onDone={onDone}
        onCancel={vi.fn()}
        queueTo={{ userId: 2, label: 'Casa Ñuñoa' }}
        onQueued={onQueued}
      />,
    );
    return { onDone, onQueued };
  };
  const fillAndSave = async () => {
    fireEvent.change(screen.getByLabelText(/Date and time/), {
      target: { value: '2026-11-20T10:30' },
    });
    await userEvent.type(screen.getByLabelText('Notes'), 'Sin señal');
    await userEvent.click(screen.getByRole('button', { name: 'Save visit' }));
  };

  it('keeps a new visit and its photos on the device when there is no network, sending nothing', async () => {
    await clearOfflineQueue();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = stubApi({});
    const { onDone, onQueued } = renderQueuing();
    const photo = new File(['jpeg'], 'fachada.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Photos'), photo);
    await fillAndSave();

    await waitFor(() => expect(onQueued).toHaveBeenCalled());
    expect(onDone).not.toHaveBeenCalled();
    expect(api.fetchMock).not.toHaveBeenCalled();
    const [item] = await listQueueItems(2);
    expect(item).toMatchObject({
      kind: 'visit',
      propertyId: 7,
      label: 'Casa Ñuñoa',
      state: 'pending',
      body: { visitor_id: 2, notes: 'Sin señal' },
      photos: [{ name: 'fachada.jpg', type: 'image/jpeg' }],
    });
  });

  it('queues a visit whose answer never came under the key its try was sent with', async () => {
    await clearOfflineQueue();
    setAccessTokenSource(async () => 'token-1');
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { onQueued } = renderQueuing();
    await fillAndSave();

    await waitFor(() => expect(onQueued).toHaveBeenCalled());
    const sentKey = new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Idempotency-Key');
    expect(sentKey).toBeTruthy();
    expect((await listQueueItems(2))[0]?.key).toBe(sentKey);
  });
});
