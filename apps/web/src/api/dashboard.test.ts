import { describe, expect, it } from 'vitest';
import { createQueryClient } from './queryClient';
import { fill } from './dashboard';

describe("filling a query from the dashboard's one answer", () => {
  const key = ['notices', 'board', 5];

  it('fills an empty query, fresh as of when the answer was asked for', () => {
    const client = createQueryClient();
    fill(client, key, 'answer', 1_000);
    expect(client.getQueryData(key)).toBe('answer');
    expect(client.getQueryState(key)?.dataUpdatedAt).toBe(1_000);
  });

  it('replaces an older answer, keeps a newer one', () => {
    const client = createQueryClient();
    client.setQueryData(key, 'older', { updatedAt: 500 });
    fill(client, key, 'answer', 1_000);
    expect(client.getQueryData(key)).toBe('answer');
    client.setQueryData(key, 'newer', { updatedAt: 2_000 });
    fill(client, key, 'answer', 1_000);
    expect(client.getQueryData(key)).toBe('newer');
  });

  it('leaves a query a change made stale (invalidated): it asks its route itself', async () => {
    const client = createQueryClient();
    client.setQueryData(key, 'before the change', { updatedAt: 500 });
    await client.invalidateQueries({ queryKey: ['notices'] });
    fill(client, key, 'answer', 1_000);
    expect(client.getQueryData(key)).toBe('before the change');
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
