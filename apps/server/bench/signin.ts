/**
 * Signs a demo-password account in on the bench server at `base`; its token. A server shedding
 * load (503 `overloaded`, on a busy machine while many sign in at once: argon2 is slow by design)
 * is asked again after the seconds it names, a few times.
 */
export async function signinAt(base: string, loginId: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${base}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId, password: 'Shala@2024' }),
    });
    const body = await res.json();
    if (res.ok) return body.result.token;
    if (res.status === 503 && body.reason === 'overloaded' && attempt < 5) {
      await new Promise((resolve) => setTimeout(resolve, Number(body.params?.seconds ?? 1) * 1000));
      continue;
    }
    throw new Error(`sign-in of ${loginId} failed: ${JSON.stringify(body)}`);
  }
}
