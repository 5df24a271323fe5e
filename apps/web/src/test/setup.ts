import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts by itself only with Vitest's globals, which this repository does not turn on.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
