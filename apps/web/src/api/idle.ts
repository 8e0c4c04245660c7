/** Runs `run` once the next frame is painted: what the last change drew is on the screen first. */
export function afterNextPaint(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}

/** Runs `run` when the browser is next idle after painting (at most 3 s later). */
function whenIdle(run: () => void): void {
  afterNextPaint(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 200)));
}

/** Calls on their way (api/http.ts `send`). */
let inFlight = 0;
const waiting: Array<() => void> = [];

function runWaiting(): void {
  whenIdle(() => {
    if (inFlight > 0) return; // a call went out meanwhile: its end tries again
    for (const run of waiting.splice(0)) run();
  });
}

/** Counts a call on its way until it ends (either way). */
export function tracked<T>(call: Promise<T>): Promise<T> {
  inFlight += 1;
  const end = () => {
    inFlight -= 1;
    if (inFlight === 0 && waiting.length > 0) runWaiting();
  };
  call.then(end, end);
  return call;
}

/**
 * Runs `run` once the page has settled: no call on its way and the browser idle. What the first
 * screen does not need (the contract's schemas, the realtime socket, the dashboard cards' texts)
 * waits so, and takes neither the line nor the CPU from the screen's data.
 */
export function whenSettled(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  waiting.push(once);
  // A call that hangs (until its 30 s timeout) does not hold it back for long.
  setTimeout(once, 10_000);
  if (inFlight === 0) runWaiting();
}
