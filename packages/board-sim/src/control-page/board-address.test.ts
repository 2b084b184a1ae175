import { describe, expect, it } from 'vitest';
import { boardAddressOf } from './board-address.ts';

describe('boardAddressOf', () => {
  it.each([
    ['http://192.168.1.20/', 'http:', '192.168.1.20', '/'],
    ['http://127.0.0.1:8081/index.html', 'http:', '127.0.0.1:8081', '/'],
    [
      'https://machines.example/proxy/duet/3.6/customer/42/',
      'https:',
      'machines.example',
      '/proxy/duet/3.6/customer/42/',
    ],
    ['https://machines.example/m/42/index.html?x=1#top', 'https:', 'machines.example', '/m/42/'],
  ])('sends the requests of a page at %s to its own folder', (page, protocol, host, basePath) => {
    expect(boardAddressOf(page)).toEqual({ protocol, host, basePath });
  });
});
