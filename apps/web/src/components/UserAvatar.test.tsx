import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockFetch, renderAt, signIn } from '../test/utils';
import { FALLBACK_AVATAR, UserAvatar } from './UserAvatar';

const NAME = '3f2b8a9c-1d4e-4f5a-8b6c-7d8e9f0a1b2c.png';

afterEach(() => vi.unstubAllGlobals());

describe('UserAvatar', () => {
  it('fetches the private file with the session token and shows it from a blob URL', async () => {
    signIn(113);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo-1'), revokeObjectURL: vi.fn() }));
    const fetch = mockFetch({ [`GET /api/uploads/${NAME}`]: () => new Response(new Blob(['png']), { status: 200, headers: { 'Content-Type': 'image/png' } }) });
    renderAt(<UserAvatar image={NAME} alt="Photo of Asha" />);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Photo of Asha' })).toHaveAttribute('src', 'blob:photo-1'));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/api/uploads/${NAME}`);
    expect((init?.headers as Record<string, string>).token).toBe('test-token');
  });

  it('shows the fallback avatar when the file is refused (another school, signed out)', async () => {
    signIn(113);
    mockFetch({});
    renderAt(<UserAvatar image={NAME} alt="Photo of Asha" />);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Photo of Asha' })).toHaveAttribute('src', FALLBACK_AVATAR));
  });
});
