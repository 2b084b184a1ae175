// @vitest-environment happy-dom
import type { PrintQueue, QueueJob, QueueJobBody } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { AddToQueueDialog } from './add-to-queue-dialog';

const BUSINESS = 2;
const machine = (machineGroup: number, name: string, machineType: number, location: string) => ({
  machineGroup,
  name,
  machineType,
  location,
  state: 'idle' as const,
  ready: false,
  markedBy: null,
  markedAt: null,
  run: null,
});
const QUEUE: PrintQueue = {
  business: BUSINESS,
  autoStart: false,
  jobs: [],
  machines: [
    machine(7, 'Prusa linea 1', 3, 'Reparto stampa'),
    machine(8, 'Prusa laboratorio', 3, 'Laboratorio'),
    machine(9, 'Voron', 4, 'Laboratorio'),
  ],
};

/** The job the server answers for `body`. */
const queuedJob = (body: QueueJobBody): QueueJob => ({
  id: 1,
  business: BUSINESS,
  file: body.file,
  fileName: 'staffa.gcode',
  machineGroup: 'machineGroup' in body.target ? body.target.machineGroup : null,
  machineType: 'machineType' in body.target ? body.target.machineType : null,
  location: ('location' in body.target && body.target.location) || null,
  copies: body.copies ?? 1,
  copiesStarted: 0,
  copiesFinished: 0,
  position: 1,
  state: 'waiting',
  queuedBy: null,
  queuedAt: '2026-11-28T10:00:00.000Z',
  cancelledBy: null,
  cancelledAt: null,
});

/** The portal, answering by request: the business's queue, and the job it is asked to queue (recorded). */
function portal() {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (input.method === 'GET' && url.pathname === `/api/v1/business/${BUSINESS}/print-queue`)
        return Response.json(QUEUE);
      if (input.method === 'POST' && url.pathname === `/api/v1/business/${BUSINESS}/print-queue/jobs`) {
        const body = (await input.json()) as QueueJobBody;
        posted.push(body);
        return Response.json(queuedJob(body), { status: 201 });
      }
      return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
    }),
  );
  return posted;
}

function renderDialog(machineGroup?: number) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onQueued = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <AddToQueueDialog
        business={BUSINESS}
        file={{ id: 10, name: 'staffa.gcode' }}
        machineTypeName={(id) => ({ 3: 'Prusa MK4', 4: 'Voron 2.4' })[id]}
        machineGroup={machineGroup}
        onQueued={onQueued}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { dialog: within(screen.getByRole('dialog')), onQueued, onClose };
}

/** Waits for the queue's machines to be the machine select's choices. */
async function machinesListed(dialog: ReturnType<typeof within>): Promise<void> {
  const select = dialog.getByLabelText(i18n.t('printQueue.fields.machine'));
  await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(QUEUE.machines.length));
}

describe('AddToQueueDialog', () => {
  beforeAll(async () => {
    await initI18n('it');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers the type's locations and sends the type with the chosen location and copies", async () => {
    const posted = portal();
    const { dialog, onClose } = renderDialog();
    fireEvent.click(dialog.getByLabelText(i18n.t('printQueue.add.anyOfType')));
    const type = dialog.getByLabelText(i18n.t('printQueue.fields.machineType'));
    // The machine types of the business's machines, each once (the empty choice is hidden).
    await waitFor(() =>
      expect(
        within(type)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Prusa MK4', 'Voron 2.4']),
    );
    fireEvent.change(type, { target: { value: '3' } });
    const location = dialog.getByLabelText(i18n.t('printQueue.fields.location'));
    await waitFor(() =>
      expect(
        within(location)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([i18n.t('printQueue.add.anywhere'), 'Laboratorio', 'Reparto stampa']),
    );
    fireEvent.change(location, { target: { value: 'Laboratorio' } });
    fireEvent.change(dialog.getByLabelText(i18n.t('printQueue.fields.copies')), { target: { value: '3' } });
    fireEvent.click(dialog.getByRole('button', { name: i18n.t('printQueue.add.submit') }));
    await waitFor(() =>
      expect(posted).toEqual([{ file: 10, target: { machineType: 3, location: 'Laboratorio' }, copies: 3 }]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('chooses the machine it is given once the queue lists it, and sends the job there', async () => {
    const posted = portal();
    const { dialog, onQueued, onClose } = renderDialog(8);
    // What the form holds, sent as it is: happy-dom's select, unlike a browser's, shows no option whose value
    // is set as a number, as react-hook-form sets it (the end-to-end journey of e2e/files.e2e.test.ts sees it).
    await machinesListed(dialog);
    fireEvent.click(dialog.getByRole('button', { name: i18n.t('printQueue.add.submit') }));
    await waitFor(() => expect(posted).toEqual([{ file: 10, target: { machineGroup: 8 }, copies: 1 }]));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onQueued).toHaveBeenCalledOnce();
  });

  it('chooses nothing for a machine the queue does not list', async () => {
    const posted = portal();
    const { dialog, onQueued } = renderDialog(42);
    await machinesListed(dialog);
    fireEvent.click(dialog.getByRole('button', { name: i18n.t('printQueue.add.submit') }));
    await dialog.findByText(i18n.t('validation.required'));
    expect(posted).toEqual([]);
    expect(onQueued).not.toHaveBeenCalled();
  });

  it('sends nothing without a machine or with copies out of range', async () => {
    const posted = portal();
    const { dialog, onClose } = renderDialog();
    fireEvent.change(dialog.getByLabelText(i18n.t('printQueue.fields.copies')), { target: { value: '101' } });
    fireEvent.click(dialog.getByRole('button', { name: i18n.t('printQueue.add.submit') }));
    await dialog.findByText(i18n.t('validation.required'));
    await dialog.findByText(i18n.t('validation.tooLarge'));
    expect(posted).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
