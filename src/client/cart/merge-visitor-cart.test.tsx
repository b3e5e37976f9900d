// Signing in brings the visitor's cart into the account once and clears the browser's copy; a merge
// that fails keeps the lines for the next sign-in and never stops the sign-in.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY, LOCAL_CART_KEY } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { loadFirebaseAuth } from '../auth/firebase';
import LoginPage from '../pages/login/LoginPage';
import { apiError, callsTo, renderWithApi, type FakeProcedure } from '../testing/api-test-harness';
import { aCart, aCartLine } from '../testing/cart-fixtures';
import { fakeFirebaseKit } from '../testing/fake-firebase';
import { signedOut } from '../testing/render-with-auth';

vi.mock('../auth/firebase', () => ({ loadFirebaseAuth: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const visitorLines = [{ toolId: aCartLine().toolId, quantity: 3 }];

async function signIn(procedures: Record<string, FakeProcedure>) {
  const view = renderWithApi(<LoginPage />, {
    procedures: { 'users.createSession': () => ({ token: 'session-token' }), ...procedures },
    auth: signedOut,
    at: '/login',
  });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'casey@example.com');
  await user.type(screen.getByLabelText('Password'), 'sprocket123');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByText('Home page')).toBeInTheDocument();
  return view;
}

describe('the visitor’s cart at sign-in', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.mocked(loadFirebaseAuth).mockResolvedValue(fakeFirebaseKit().kit);
  });

  it('joins the account’s cart once, with the session, and leaves the browser', async () => {
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify({ lines: visitorLines }));
    let tokenAtMerge: string | null = null;
    const { calls, queryClient } = await signIn({
      'cart.merge': () => {
        tokenAtMerge = localStorage.getItem(ACCESS_TOKEN_KEY);
        return { cart: aCart([aCartLine()]), notKept: [] };
      },
    });

    expect(callsTo(calls, 'cart.merge')).toEqual([{ lines: visitorLines }]);
    expect(tokenAtMerge).toBe('session-token');
    expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull();
    expect(queryClient.getQueriesData({ queryKey: [['cart', 'view']] })[0]?.[1]).toEqual(aCart([aCartLine()]));
    expect(toast.info).not.toHaveBeenCalled();
  });

  it('says how many parts could not be kept', async () => {
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify({ lines: visitorLines }));
    await signIn({ 'cart.merge': () => ({ cart: aCart([]), notKept: [visitorLines[0]!.toolId] }) });
    expect(toast.info).toHaveBeenCalledWith(messages.cartPartsNotKept(1));
  });

  it('keeps the lines in the browser when the merge fails, and still signs in', async () => {
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify({ lines: visitorLines }));
    await signIn({
      'cart.merge': () => {
        throw apiError(503, messages.databaseUnavailable);
      },
    });
    await waitFor(() => expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('session-token'));
    expect(JSON.parse(localStorage.getItem(LOCAL_CART_KEY)!)).toEqual({ lines: visitorLines });
  });

  it('asks nothing of the cart when the visitor had none', async () => {
    const { calls } = await signIn({});
    expect(callsTo(calls, 'cart.merge')).toEqual([]);
  });
});
