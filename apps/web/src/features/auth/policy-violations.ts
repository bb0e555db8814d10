/**
 * Records what this page's Content-Security-Policy blocks while a request is in flight. A blocked
 * fetch fails like an unreachable host ("Failed to fetch"); only the `securitypolicyviolation`
 * event tells the two apart, and the browser dispatches it in a task after the fetch has already
 * been rejected, so `blocked()` waits one task before it answers.
 */
export function watchPolicyViolations() {
  const uris: string[] = [];
  const record = (event: Event) => {
    const { blockedURI } = event as SecurityPolicyViolationEvent;
    if (blockedURI) uris.push(blockedURI);
  };
  document.addEventListener('securitypolicyviolation', record);
  return {
    /** Whether a request to `origin` was blocked (the browser reports a full URL or the origin). */
    async blocked(origin: string) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      return uris.some((uri) => uri === origin || uri.startsWith(`${origin}/`));
    },
    stop: () => document.removeEventListener('securitypolicyviolation', record),
  };
}
