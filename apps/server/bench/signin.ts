/** Signs a demo-password account in on the bench server at `base`; its token. */
export async function signinAt(base: string, loginId: string): Promise<string> {
  const res = await fetch(`${base}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId, password: 'Shala@2024' }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`sign-in of ${loginId} failed: ${JSON.stringify(body)}`);
  return body.result.token;
}
