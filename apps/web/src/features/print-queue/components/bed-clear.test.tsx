// @vitest-environment happy-dom
import type { MachineCardState } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { BedClear } from './bed-clear';

const GROUP = 7;
const NAME = 'Cella pallet';

/** The portal, answering by request: the machine's mark put and taken back (recorded). */
function portal() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (
        url.pathname === `/api/v1/machinegroup/${GROUP}/ready` &&
        ['PUT', 'DELETE'].includes(input.method)
      ) {
        calls.push(input.method);
        return input.method === 'PUT'
          ? Response.json({ machine: {}, started: null })
          : new Response(null, { status: 204 });
      }
      return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
    }),
  );
  return calls;
}

/** The card's control, re-rendered as the machine's fleet status changes. */
function renderBedClear(ready: boolean | undefined, state: MachineCardState = 'idle') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const ui = (readyNow: boolean | undefined, stateNow: MachineCardState) => (
    <QueryClientProvider client={client}>
      <BedClear machineGroup={GROUP} name={NAME} state={stateNow} ready={readyNow} />
    </QueryClientProvider>
  );
  const { rerender } = render(ui(ready, state));
  return {
    status: (readyNow: boolean | undefined, stateNow: MachineCardState = 'idle') =>
      rerender(ui(readyNow, stateNow)),
  };
}

const markButton = () =>
  screen.queryByRole('button', { name: i18n.t('printQueue.machines.markFor', { machine: NAME }) });
const takeBackButton = () =>
  screen.queryByRole('button', { name: i18n.t('printQueue.machines.unmarkFor', { machine: NAME }) });

describe('BedClear', () => {
  beforeAll(async () => {
    await initI18n('it');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows nothing to whom the status carries no readiness, nor "Bed clear" on a machine that is not idle', () => {
    portal();
    const card = renderBedClear(undefined);
    expect(markButton()).toBeNull();
    expect(takeBackButton()).toBeNull();
    card.status(false, 'processing');
    expect(markButton()).toBeNull();
    // A mark put while the machine was offline can be taken back there.
    card.status(true, 'gatewayOffline');
    expect(takeBackButton()).not.toBeNull();
    expect(screen.getByTestId('bed-clear-badge').textContent).toBe(i18n.t('printQueue.machines.ready'));
  });

  it('shows what the server took at once, and the status again once it changes, also back to an earlier one', async () => {
    const calls = portal();
    const card = renderBedClear(false);
    fireEvent.click(markButton() as HTMLElement);
    await screen.findByRole('button', { name: i18n.t('printQueue.machines.unmarkFor', { machine: NAME }) });
    card.status(true);
    fireEvent.click(takeBackButton() as HTMLElement);
    await screen.findByRole('button', { name: i18n.t('printQueue.machines.markFor', { machine: NAME }) });
    expect(calls).toEqual(['PUT', 'DELETE']);
    card.status(false);
    expect(markButton()).not.toBeNull();
    // Marked again elsewhere: the status is what it was when the card took the mark back, and it shows.
    card.status(true);
    expect(takeBackButton()).not.toBeNull();
    // A start took the mark: the machine prints, then is idle and not marked.
    card.status(false, 'processing');
    card.status(false);
    expect(markButton()).not.toBeNull();
  });
});
