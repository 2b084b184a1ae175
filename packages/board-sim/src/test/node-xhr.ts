import XMLHttpRequestPolyfill from 'xmlhttprequest-ssl';

/** The event handlers a connector sets on a request. */
const HANDLERS = ['onload', 'onerror', 'ontimeout', 'onprogress', 'onreadystatechange', 'onabort'] as const;

const ignore = () => undefined;

/**
 * Lets Duet's official connectors (written for browsers) run in Node: an XMLHttpRequest from
 * `xmlhttprequest-ssl`, taught the two body types the connectors send that it lacks (Blob for uploads,
 * FormData for DSF's file move), and the browser global `status` PollConnector reads by mistake.
 * `headers` go with every request, as a browser's cookie or a proxy's credentials would.
 *
 * The polyfill's own abort() forgets its request, and Node then reports the cut connection as an error the
 * polyfill reads from that forgotten request, throwing outside any caller. So an aborted request is left to
 * finish unseen instead: its handlers are dropped and the connector hears `abort` at once, as in a browser.
 * Dropped means replaced by a no-op, not nulled: the polyfill calls a handler of a finished request from a
 * timer it set before the abort, and a null there would throw outside any caller.
 */
function nodeXMLHttpRequest(headers: Record<string, string>) {
  return class NodeXMLHttpRequest {
    constructor() {
      // The header check would refuse a Cookie header, which a browser adds by itself.
      const xhr = new XMLHttpRequestPolyfill({ disableHeaderCheck: true });
      const send = xhr.send.bind(xhr);
      xhr.upload = {};
      xhr.abort = () => {
        const { onabort } = xhr;
        for (const handler of HANDLERS) xhr[handler] = ignore;
        onabort?.call(xhr, { type: 'abort' });
      };
      xhr.send = (body: unknown) => {
        for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
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
  };
}

/** Installs the globals the connectors expect; call once per test file before connecting. */
export function installConnectorGlobals(headers: Record<string, string> = {}): void {
  Object.assign(globalThis, { XMLHttpRequest: nodeXMLHttpRequest(headers), status: '' });
}
