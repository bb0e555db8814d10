// The bench's progress lines, stamped with the time since it started (npm run bench and npm run
// lighthouse alike).
const startedAt = performance.now();

/** A progress line with the time since the bench started. */
export function progress(message: string) {
  const seconds = Math.round((performance.now() - startedAt) / 1000);
  const stamp = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  console.log(`[${stamp}] ${message}`);
}

export const elapsedSeconds = () => (performance.now() - startedAt) / 1000;
