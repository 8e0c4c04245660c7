import { vi } from 'vitest';

export interface XhrCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData | null;
}

type XhrHandler = (call: XhrCall) => { status: number; body: unknown };

/**
 * Replaces XMLHttpRequest (uploads with progress) by a fake that reports upload progress and
 * answers from `handler`. Returns the list of calls made.
 */
export function mockXhr(handler: XhrHandler): XhrCall[] {
  const calls: XhrCall[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(key: string, value: string) {
      this.headers[key] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData | null) {
      const call = { method: this.method, url: this.url, headers: this.headers, body };
      calls.push(call);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
          const answer = handler(call);
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.onload?.();
        }, 10);
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return calls;
}
