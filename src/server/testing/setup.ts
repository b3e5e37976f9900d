// Runs before each server test file. The suite runs its files in one process, one after another
// (isolate: false, in vite.config.ts), so the libraries load once rather than once per file; the
// project's own modules are loaded afresh for each file, so a file's fixture overrides and module
// state never reach the next.
import { vi } from 'vitest';

vi.resetModules();
