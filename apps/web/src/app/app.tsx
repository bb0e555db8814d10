import { useEffect, useState } from 'react';
import { type ApiStatus, fetchApiStatus } from '@/app/api-status';

/** Placeholder shell until the real UI lands: says what BEC is and whether the API answers. */
export function App() {
  const [status, setStatus] = useState<ApiStatus | null>(null);

  useEffect(() => {
    let current = true;
    fetchApiStatus().then((next) => {
      if (current) setStatus(next);
    });
    return () => {
      current = false;
    };
  }, []);

  return (
    <main>
      <header>
        <h1>BEC</h1>
      </header>
      <p>Back-office for real-estate properties in Chile — the app is being built.</p>
      {status === null ? (
        <p>Checking the API…</p>
      ) : status.state === 'ready' ? (
        <p role="status">API ready</p>
      ) : (
        <p role="alert">Error: {status.message}</p>
      )}
    </main>
  );
}
