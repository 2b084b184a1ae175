import XMLHttpRequestPolyfill from 'xmlhttprequest-ssl';

/**
 * Lets Duet's official connectors (written for browsers) run in Node: an XMLHttpRequest from
 * `xmlhttprequest-ssl`, taught the two body types the connectors send that it lacks (Blob for uploads,
 * FormData for DSF's file move), and the browser global `status` PollConnector reads by mistake.
 */
class NodeXMLHttpRequest {
  constructor() {
    const xhr = new XMLHttpRequestPolyfill();
    const send = xhr.send.bind(xhr);
    xhr.upload = {};
    xhr.send = (body: unknown) => {
      if (body instanceof Blob) {
        void body.arrayBuffer().then((bytes) => send(Buffer.from(bytes)));
      } else if (body instanceof FormData) {
        const encoded = new Response(body);
        xhr.setRequestHeader('Content-Type', encoded.headers.get('Content-Type') ?? '');
        void encoded.arrayBuffer().then((bytes) => send(Buffer.from(bytes)));
      } else {
        send(body);
      }
    };
    // biome-ignore lint/correctness/noConstructorReturn: the polyfill object itself is the instance.
    return xhr;
  }
}

/** Installs the globals the connectors expect; call once per test file before connecting. */
export function installConnectorGlobals(): void {
  Object.assign(globalThis, { XMLHttpRequest: NodeXMLHttpRequest, status: '' });
}
