import type { API, ApiName } from '@shala/contract';
import ROUTES from 'virtual:api-routes';
import { ApiError, baseHeaders, buildUrl, httpError, loadSchemas, type CallOptions, type Envelope } from './client';

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Routes that take multipart/form-data. */
type MultipartName = { [N in ApiName]: (typeof API)[N] extends { multipart: true } ? N : never }[ApiName];

export interface UploadOptions<N extends ApiName> {
  params?: CallOptions<N> extends { params?: infer P } ? P : never;
  query?: CallOptions<N> extends { query?: infer Q } ? Q : never;
  /** Name of the multipart field (the contract's routes read "file"). */
  field?: string;
  /** Called with 0..100 while the body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file as multipart/form-data through XMLHttpRequest (fetch cannot report upload
 * progress) and returns the parsed success envelope; failures are the same ApiError as `request`.
 */
export async function uploadFile<N extends MultipartName>(name: N, file: Blob, options: UploadOptions<N> = {}): Promise<Envelope<N>> {
  const route = (await loadSchemas())[name];
  return new Promise((resolve, reject) => {
    let url: string;
    try {
      url = buildUrl(route.url, options.params, options.query);
    } catch (cause) {
      reject(new ApiError('request', { cause }));
      return;
    }
    const form = new FormData();
    form.append(options.field ?? 'file', file, file instanceof File ? file.name : 'upload');

    const xhr = new XMLHttpRequest();
    xhr.open(route.method, url);
    for (const [key, value] of Object.entries(baseHeaders((route.roles as unknown) === 'public'))) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(httpError(xhr.status, data, (route.roles as unknown) === 'public'));
        return;
      }
      options.onProgress?.(100);
      const parsed = route.response.safeParse(data);
      if (!parsed.success) {
        console.error(`Answer of ${name} does not match the contract`, parsed.error.issues);
        reject(new ApiError('unexpected', { status: xhr.status, cause: parsed.error }));
        return;
      }
      resolve(parsed.data as Envelope<N>);
    };
    xhr.onerror = () => reject(new ApiError('network'));
    xhr.ontimeout = () => reject(new ApiError('network'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Saves a blob as a file in the browser's downloads. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/** Fetches a raw (non-JSON) route (a PDF, a CSV export) with the session token: its bytes and the server's file name. */
export async function fetchRoute<N extends ApiName>(name: N, options: { params?: unknown; query?: unknown }): Promise<{ blob: Blob; fileName: string | null }> {
  const [method, url, isPublic] = ROUTES[name];
  let response: Response;
  try {
    const headers = baseHeaders(isPublic === 1);
    headers.Accept = 'text/csv, application/octet-stream, */*';
    response = await fetch(buildUrl(url, options.params, options.query), { method, headers });
  } catch (cause) {
    throw new ApiError(cause instanceof TypeError ? 'network' : 'request', { cause });
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw httpError(response.status, parseJson(text), isPublic === 1);
  }
  return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('Content-Disposition')) };
}

/**
 * Fetches a raw (non-JSON) route such as a CSV export with the session token and saves it.
 * Returns the file name used.
 */
export async function downloadRoute<N extends ApiName>(
  name: N,
  options: { params?: unknown; query?: unknown },
  fallbackName: string,
): Promise<string> {
  const { blob, fileName: named } = await fetchRoute(name, options);
  const fileName = named ?? fallbackName;
  saveBlob(blob, fileName);
  return fileName;
}
