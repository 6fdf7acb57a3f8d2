import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The session lives in browser storage; each test starts signed out.
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no layout, and the router's scroll restoration would report that on every render.
window.scrollTo = () => {};
