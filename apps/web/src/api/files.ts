import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IMAGE_BASE_PATH } from '@shala/contract';
import { ApiError, baseHeaders, httpError } from './client';
import { uploadFile } from './transfer';

/** Uploads one document for a record (class work, a message: its own request, so its error is its own); its stored name. */
export async function uploadDocument(file: File, onProgress?: (percent: number) => void): Promise<string> {
  const answer = await uploadFile('uploadMulti', file, { field: 'files', onProgress });
  return answer.result[0]!.imageName;
}

/** The API path of an uploaded file (GET /api/uploads/:name). */
export function filePath(name: string): string {
  return `${IMAGE_BASE_PATH}${name.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Uploaded files are private: the server answers only a session of the file's school. An <img>
 * cannot send the token header, so the file is fetched with it and shown from a blob URL.
 */
export async function fetchFileUrl(name: string, signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(filePath(name), { headers: baseHeaders(false), signal });
  } catch (cause) {
    throw new ApiError('network', { cause });
  }
  if (!response.ok) throw httpError(response.status, await response.json().catch(() => null), false);
  return URL.createObjectURL(await response.blob());
}

const FILE_KEY = 'file';
/** Blob URLs are released when their query leaves the cache (after a while unused, or at sign-out). */
const watched = new WeakSet<QueryClient>();
function releaseBlobUrls(client: QueryClient) {
  if (watched.has(client)) return;
  watched.add(client);
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'removed' && event.query.queryKey[0] === FILE_KEY && typeof event.query.state.data === 'string') {
      URL.revokeObjectURL(event.query.state.data);
    }
  });
}

/**
 * A displayable URL of an uploaded file, or null while there is none (no name, loading, failed).
 * Every image of the web that comes from an upload goes through this hook.
 */
export function useFileUrl(name: string | null | undefined): { url: string | null; failed: boolean } {
  const client = useQueryClient();
  useEffect(() => releaseBlobUrls(client), [client]);
  const query = useQuery({
    queryKey: [FILE_KEY, name],
    queryFn: ({ signal }) => fetchFileUrl(name!, signal),
    enabled: !!name,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
  return { url: query.data ?? null, failed: query.isError };
}
