// Test helper for the two payment pages: the browser's fetch answering GET /config.json (emulator
// mode) and, for anything else, as the payments emulator answers a card confirmation; and a
// customer typing a card and pressing Pay.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';

const emulator = { mode: 'emulator', publishableKey: 'pk_test_emulator', apiBase: 'http://127.0.0.1:12111' } as const;

interface EmulatorAnswer {
  status: number;
  body: unknown;
}

/** The emulator's answer for a card it refuses. */
export const cardDeclined: EmulatorAnswer = {
  status: 402,
  body: {
    error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
};

function json({ status, body }: EmulatorAnswer): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Fakes fetch for every test of the calling file: the emulator confirms `paymentIntentId` unless a
 * test sets `answer` (reset before each test).
 */
export function stubPaymentsEmulator(paymentIntentId: string): { answer: EmulatorAnswer } {
  const succeeded: EmulatorAnswer = { status: 200, body: { id: paymentIntentId, object: 'payment_intent', status: 'succeeded' } };
  const emulatorState = { answer: succeeded };
  beforeEach(() => {
    emulatorState.answer = succeeded;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/config.json'
          ? json({ status: 200, body: { firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-sprocket' }, payments: emulator } })
          : json(emulatorState.answer),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());
  return emulatorState;
}

/** Types a card with a future expiry, waits for Pay to be enabled and presses it. */
export async function payWithCard(number: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.type(screen.getByLabelText('CVC'), '123');
  await waitFor(() => expect(screen.getByRole('button', { name: /^Pay/ })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: /^Pay/ }));
}
