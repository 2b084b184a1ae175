declare module 'xmlhttprequest-ssl' {
  type Handler = ((this: XMLHttpRequestLike, event: { type: string }) => void) | null;
  /** A Node implementation of the browser's XMLHttpRequest (untyped package). */
  const XMLHttpRequest: new (options?: { disableHeaderCheck?: boolean }) => XMLHttpRequestLike;
  interface XMLHttpRequestLike {
    send(body?: unknown): void;
    setRequestHeader(name: string, value: string): void;
    abort(): void;
    upload: object;
    onload: Handler;
    onerror: Handler;
    ontimeout: Handler;
    onprogress: Handler;
    onreadystatechange: Handler;
    onabort: Handler;
  }
  export default XMLHttpRequest;
}
