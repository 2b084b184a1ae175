import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './query-client';
import type { createRouter } from './router';

/** The providers around the router, made (with i18n initialised) before the first render in main.tsx. */
export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} useTransitions={false} />
    </QueryClientProvider>
  );
}
