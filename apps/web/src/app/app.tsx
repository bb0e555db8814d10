import { BrowserRouter, useRoutes } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
