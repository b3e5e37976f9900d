// Test helper for components that call the API: real tRPC hooks over a fake link answering from per-procedure fakes,
// a given signed-in state, the real confirm dialog and a memory router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { AppRouter } from '../../server/routers/index';
import { AuthContext, type AuthState } from '../auth/auth-context';
import { ConfirmProvider } from '../components/ConfirmDialog';
import { trpc } from '../lib/trpc';

/** Answers one procedure's call; throw apiError(...) to answer with a server refusal. */
export type FakeProcedure = (input: unknown) => unknown;

export interface ApiCall {
  path: string;
  input: unknown;
}

/** A refusal shaped as the server sends it: a sentence and the HTTP status. */
export function apiError(httpStatus: number, message: string): TRPCClientError<AppRouter> {
  return TRPCClientError.from({ error: { code: -32600, message, data: { httpStatus, code: 'ERROR' } } });
}

function fakeLink(procedures: Record<string, FakeProcedure>, calls: ApiCall[]): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        Promise.resolve()
          .then(() => {
            const procedure = procedures[op.path];
            if (!procedure) throw new Error(`No fake for ${op.path}`);
            return procedure(op.input);
          })
          .then((data) => {
            observer.next({ result: { type: 'data', data } });
            observer.complete();
          })
          .catch((cause: unknown) => observer.error(TRPCClientError.from(cause as Error)));
      });
}

export const customer: AuthState = {
  status: 'signedIn',
  user: { uid: 'uid-customer', email: 'customer@example.com', displayName: 'Casey Customer', photoURL: null },
  role: 'user',
  signOut: async () => {},
};

export const admin: AuthState = {
  status: 'signedIn',
  user: { uid: 'uid-admin', email: 'admin@example.com', displayName: 'Ada Admin', photoURL: null },
  role: 'admin',
  signOut: async () => {},
};

export interface RenderWithApiOptions {
  procedures: Record<string, FakeProcedure>;
  /** The signed-in state useAuth() returns; the customer by default. */
  auth?: AuthState;
  /** The URL the test starts at. */
  at?: string;
  /** The route pattern the element is mounted on (defaults to `at`). */
  routePath?: string;
  /** A real link to send the calls through instead of the fakes (`procedures` is then unused). */
  link?: TRPCLink<AppRouter>;
  /** Renders in StrictMode, as the app does (boot.tsx): effects run twice on mount. */
  strict?: boolean;
}

/**
 * Renders `element` inside the tRPC and router providers. Calls are recorded in `calls`;
 * a navigation to /home renders the text "Home page".
 */
export function renderWithApi(element: ReactElement, options: RenderWithApiOptions) {
  const calls: ApiCall[] = [];
  const at = options.at ?? '/dashboard';
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const client = trpc.createClient({ links: [options.link ?? fakeLink(options.procedures, calls)] });
  const tree = (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthContext value={options.auth ?? customer}>
          <ConfirmProvider>
            <MemoryRouter initialEntries={[at]}>
              <Routes>
                <Route path={options.routePath ?? at} element={element} />
                <Route path="/home" element={<p>Home page</p>} />
                <Route path="*" element={<p>Elsewhere</p>} />
              </Routes>
            </MemoryRouter>
          </ConfirmProvider>
        </AuthContext>
      </QueryClientProvider>
    </trpc.Provider>
  );
  const view = render(options.strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...view, calls, queryClient };
}

/** The calls made to one procedure, inputs only. */
export function callsTo(calls: ApiCall[], path: string): unknown[] {
  return calls.filter((call) => call.path === path).map((call) => call.input);
}
