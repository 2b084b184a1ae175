/**
 * The simulator's own control page, served from the board's 0:/www. It talks to the board with Duet3D's
 * official connector (PollConnector for rr_* boards, RestConnector for SBC boards) at the page's own
 * folder, so it works straight from the board and behind any proxy prefix.
 */
import { type BaseConnector, connect, DefaultSettings, InvalidPasswordError } from '@duet3d/connectors';
import { type Message, ObjectModel } from '@duet3d/objectmodel';
import { boardAddressOf } from '../src/control-page/board-address.ts';
import { appendConsoleLine, page, renderModel, showConnectionState } from './render.ts';

const RETRY_DELAY_MS = 2000;

const model = new ObjectModel();
let connector: BaseConnector | null = null;
let renderPending = false;

function scheduleRender(): void {
  if (renderPending) return;
  renderPending = true;
  queueMicrotask(() => {
    renderPending = false;
    renderModel(model);
  });
}

function applyUpdate(data: Record<string, unknown>): void {
  // Messages are G-code replies nobody waited for: they go to the console, not into the model.
  const { messages, ...rest } = data;
  if (Array.isArray(messages)) {
    for (const message of messages as Message[]) appendConsoleLine(message.content, 'reply');
  }
  model.update(rest);
  scheduleRender();
}

async function keepReconnecting(lost: BaseConnector): Promise<void> {
  showConnectionState('disconnected, reconnecting');
  for (;;) {
    try {
      await lost.reconnect();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    }
  }
}

async function start(password: string): Promise<void> {
  const address = boardAddressOf(location.href);
  showConnectionState('connecting');
  try {
    connector = await connect(address.host, {
      ...DefaultSettings,
      protocol: address.protocol,
      baseURL: address.basePath,
      password,
    });
  } catch (error) {
    if (error instanceof InvalidPasswordError) {
      showConnectionState(password ? 'wrong password' : 'password required');
      page.login.hidden = false;
      page.password.focus();
    } else {
      showConnectionState('board unreachable, retrying');
      setTimeout(() => void start(password), RETRY_DELAY_MS);
    }
    return;
  }
  page.login.hidden = true;
  page.machine.hidden = false;
  connector.setCallbacks({
    onConnectProgress: () => {},
    onConnectionError: (lost) => void keepReconnecting(lost),
    onReconnected: () => scheduleRender(),
    onUpdate: (_connector, data) => applyUpdate(data),
    onVolumeChanged: () => {},
  });
}

async function send(code: string): Promise<void> {
  if (!connector) return;
  appendConsoleLine(code, 'sent');
  try {
    const reply = await connector.sendCode(code, false);
    if (reply.trim() !== '') appendConsoleLine(reply.trim(), 'reply');
  } catch (error) {
    appendConsoleLine(error instanceof Error ? error.message : String(error), 'error');
  }
}

for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-code]')) {
  button.addEventListener('click', () => void send(button.dataset.code ?? ''));
}

page.consoleForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const code = page.consoleInput.value.trim();
  page.consoleInput.value = '';
  if (code !== '') void send(code);
});

page.login.addEventListener('submit', (event) => {
  event.preventDefault();
  void start(page.password.value);
});

void start('');
