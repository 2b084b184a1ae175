import { describe, expect, it } from 'vitest';
import {
  connectedSince,
  GATEWAY_INSTALL_COMMANDS,
  gatewayConfigFile,
  gatewaySecretsFile,
} from './gateway-setup';

describe('gateway setup files', () => {
  it('writes the settings the gateway reads, and the key apart from them', () => {
    expect(JSON.parse(gatewayConfigFile({ server: 'https://portal.example.com', controller: 42 }))).toEqual({
      server: 'https://portal.example.com',
      controller: 42,
      board: 'http://192.168.1.50',
      logLevel: 'info',
    });
    expect(gatewayConfigFile({ server: 'https://p', controller: 1 })).not.toContain('key');
    expect(gatewaySecretsFile('k-123')).toBe('PORTAL_GATEWAY_KEY=k-123\n');
  });

  it('never puts the key on a command line', () => {
    expect(GATEWAY_INSTALL_COMMANDS).not.toMatch(/PORTAL_GATEWAY_KEY|--key/);
    expect(GATEWAY_INSTALL_COMMANDS).toContain('-m 600 secrets.env');
  });
});

describe('connectedSince', () => {
  const since = Date.parse('2026-11-25T10:00:00Z');
  it('waits for a connection made after the key', () => {
    expect(connectedSince({ connected: true, lastSeenAt: '2026-11-25T10:00:05Z' }, since)).toBe(true);
    expect(connectedSince({ connected: true, lastSeenAt: '2026-11-25T09:59:00Z' }, since)).toBe(false);
    expect(connectedSince({ connected: false, lastSeenAt: '2026-11-25T10:00:05Z' }, since)).toBe(false);
    expect(connectedSince({ connected: false, lastSeenAt: null }, since)).toBe(false);
  });
});
