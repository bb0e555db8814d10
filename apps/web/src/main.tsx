// Mantine's global styles. Each component's own styles come with its code (build/
// mantine-component-styles.ts), so a page loads the CSS of the components it renders; the dev
// server, which that plugin cannot see into, gets the whole stylesheet.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import '@/app/messages';
import { activateInitialLocale } from '@/i18n/i18n';

if (import.meta.env.DEV) void import('@mantine/core/styles.css');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element to render into.');

// The user's language (remembered choice, else the browser's, else Spanish), before any text.
// A transition: React renders the app in slices, yielding to the browser between them, instead of
// one long task that a phone's slow CPU would stretch past what a tap should wait.
void activateInitialLocale().then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
