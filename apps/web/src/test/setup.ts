import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen's answer waits for React Query and React; on a busy machine (the browser suite beside) 1 s was short.
configure({ asyncUtilTimeout: 5_000 });

// Testing Library unmounts by itself only with Vitest's globals, which this repository does not turn on.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
