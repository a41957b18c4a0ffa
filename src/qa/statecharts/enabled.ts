/**
 * Whether the statechart viewer is served. Always in development; in production only when the server
 * says so: it answers GET /statecharts.json with {"enabled": true} when SERVE_STATECHARTS is on (any
 * other answer, e.g. a 404 or the SPA's index.html, means off). Kept tiny: it is in the main bundle.
 */
export async function statechartsEnabled(): Promise<boolean> {
  if (import.meta.env.DEV) return true;
  try {
    const response = await fetch('/statecharts.json', { headers: { accept: 'application/json' } });
    if (!response.ok) return false;
    const body = (await response.json()) as { enabled?: unknown };
    return body.enabled === true;
  } catch {
    return false;
  }
}
