// Test setup for the client suite: jest-dom matchers, and a clean DOM and storage after each test.
// The suite runs its files in one environment, one after another (isolate: false, in
// vite.config.ts), so jsdom and the libraries load once rather than once per file; the project's own
// modules are loaded afresh for each file, so each file's vi.mock reaches the components it renders.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

vi.resetModules();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
