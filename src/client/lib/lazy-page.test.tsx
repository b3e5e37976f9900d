// Lazy pages: one loaded ahead renders at once (what a prerendered page needs), one that is not
// shows the loading fallback first; either way a page keeps its state once shown.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count}
    </button>
  );
}

function inSuspense(Page: () => ReactNode) {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <Page />
    </Suspense>
  );
}

describe('lazyPage', () => {
  it('renders a page loaded ahead without suspending, loading its code once', async () => {
    const load = vi.fn(async () => ({ default: Counter }));
    const Page = lazyPage(load);
    await Page.preload();
    await Page.preload();

    render(inSuspense(Page));
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clicked 0' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback until a page’s code arrives, then keeps the page’s state across renders', async () => {
    const Page = lazyPage(async () => ({ default: Counter }));
    const view = render(inSuspense(Page));
    expect(screen.getByText('Loading…')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Clicked 0' }));
    view.rerender(inSuspense(Page));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Counter });
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    render(inSuspense(Page));
    expect(screen.getByRole('button', { name: 'Clicked 0' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
