declare module 'xmlhttprequest-ssl' {
  /** A Node implementation of the browser's XMLHttpRequest (untyped package). */
  const XMLHttpRequest: new (options?: { disableHeaderCheck?: boolean }) => XMLHttpRequestLike;
  interface XMLHttpRequestLike {
    send(body?: unknown): void;
    setRequestHeader(name: string, value: string): void;
    upload: object;
  }
  export default XMLHttpRequest;
}
