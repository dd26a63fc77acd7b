/**
 * XMLHttpRequest's stand-in for upload tests (`vi.stubGlobal('XMLHttpRequest', FakeXhr)`): it
 * records what was sent, and the test decides when progress and the answer arrive, either by
 * hand (`FakeXhr.last.answer(...)`) or through `reply` as soon as a request is sent.
 */
export class FakeXhr {
  static last: FakeXhr | undefined;
  /** Runs just after each send; does nothing unless a test sets it. */
  static reply: (xhr: FakeXhr) => void = () => undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  statusText = '';
  responseText = '';
  /** Set once the request was aborted (a cancelled upload). */
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body?: FormData) {
    this.body = body;
    FakeXhr.last = this;
    queueMicrotask(() => FakeXhr.reply(this));
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(percent: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
