import '@/features/brokers/messages';
import type { Broker } from '@bec/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrokerForm } from '@/features/brokers/components/broker-form';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderWithProviders } from '@/testing/render';
import { okReply, type StubReply, stubApi } from '@/testing/stub-api';

const saved = (over: Partial<Broker> = {}): Broker => ({
  id: 7,
  name: 'Rocío Díaz',
  company: null,
  phone: '+56987654321',
  email: null,
  notes: null,
  archived_at: null,
  updated_at: '2026-11-24T12:00:00.000Z',
  ...over,
});

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

afterEach(async () => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
  await activateLocale('en');
});

describe('BrokerForm', () => {
  it('checks the fields with the contract before sending anything', async () => {
    const api = stubApi({});
    renderWithProviders(<BrokerForm onSaved={() => {}} />);
    await userEvent.type(field('Phone'), '12345');
    await userEvent.type(field('Email'), 'rocio@');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(
      screen.getByText('Phone must be a Chilean number: +56 and 9 digits, e.g. +56 9 1234 5678'),
    ).toBeInTheDocument();
    expect(screen.getByText('Email must be an email address')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('adds a broker: the phone as typed goes out, the saved broker comes back', async () => {
    const api = stubApi({ 'POST /api/brokers': okReply(saved(), 'Broker added', 201) });
    const onSaved = vi.fn();
    renderWithProviders(<BrokerForm onSaved={onSaved} />);
    await userEvent.type(field('Name'), 'Rocío Díaz');
    await userEvent.type(field('Phone'), '9 8765 4321');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved()));
    expect(api.requestsTo('POST /api/brokers')[0]?.body).toEqual({
      name: 'Rocío Díaz',
      company: '',
      phone: '9 8765 4321',
      email: '',
      notes: '',
    });
  });

  it('edits a broker: the phone shows as people read it, the version goes back', async () => {
    const api = stubApi({
      'PUT /api/brokers/7': ({ body }): StubReply =>
        okReply(saved({ name: (body as { name: string }).name })),
    });
    renderWithProviders(<BrokerForm broker={saved()} onSaved={() => {}} />);
    expect(field('Phone')).toHaveValue('+56 9 8765 4321');
    await userEvent.clear(field('Name'));
    await userEvent.type(field('Name'), 'Rocío Díaz Soto');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsTo('PUT /api/brokers/7')).toHaveLength(1));
    expect(api.requestsTo('PUT /api/brokers/7')[0]?.body).toMatchObject({
      name: 'Rocío Díaz Soto',
      phone: '+56 9 8765 4321',
      updated_at: '2026-11-24T12:00:00.000Z',
    });
  });

  it("puts the server's problems on their fields, in Spanish too", async () => {
    await activateLocale('es-CL');
    stubApi({
      'POST /api/brokers': {
        status: 400,
        body: {
          status: 'error',
          message: 'Invalid request: phone: …',
          data: null,
          error: {
            code: 'VALIDATION_FAILED',
            issues: [{ field: 'phone', rule: 'chilean_phone', params: {} }],
          },
        },
      },
    });
    renderWithProviders(<BrokerForm onSaved={() => {}} />);
    await userEvent.type(field('Nombre'), 'Rocío');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(
        'El teléfono debe ser un número chileno: +56 y 9 dígitos, por ejemplo +56 9 1234 5678',
      ),
    ).toBeInTheDocument();
  });

  it('inside another form (the property form) submits only itself', async () => {
    stubApi({ 'POST /api/brokers': okReply(saved(), 'Broker added', 201) });
    const outer = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onSaved = vi.fn();
    renderWithProviders(
      <form onSubmit={outer}>
        <BrokerForm onSaved={onSaved} />
      </form>,
    );
    await userEvent.type(field('Name'), 'Rocío Díaz');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(outer).not.toHaveBeenCalled();
  });
});
