// The carousel: previous/next and slide buttons move between slides, and the slide show can be paused and resumed.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Carousel, type Slide } from './Carousel';

const slides: Slide[] = [1, 2, 3].map((n) => ({
  src: `/images/carousel/slide-${n}.svg`,
  alt: `Slide picture ${n}`,
  caption: `Caption ${n}`,
}));

function visibleSlide(): string | null {
  const shown = screen.getAllByRole('group', { hidden: true }).find((slide) => slide.getAttribute('aria-hidden') === 'false');
  return shown?.getAttribute('aria-label') ?? null;
}

describe('Carousel', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('stays still for a visitor who asked for less motion, until they press play', async () => {
    const reduced = { matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() };
    vi.stubGlobal('matchMedia', (query: string) =>
      query === '(prefers-reduced-motion: reduce)' ? reduced : { ...reduced, matches: false },
    );
    render(<Carousel slides={slides} label="Highlights" />);

    await userEvent.click(screen.getByRole('button', { name: 'Play slide show' }));

    expect(screen.getByRole('button', { name: 'Pause slide show' })).toBeInTheDocument();
  });

  it('moves with Next, Previous (wrapping round) and the slide buttons', async () => {
    render(<Carousel slides={slides} label="Highlights" />);
    expect(visibleSlide()).toBe('1 of 3');

    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlide()).toBe('2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleSlide()).toBe('3 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Show slide 2' }));
    expect(visibleSlide()).toBe('2 of 3');
  });

  it('advances by itself until paused, and stays put while paused', () => {
    vi.useFakeTimers();
    render(<Carousel slides={slides} label="Highlights" />);

    act(() => {
      vi.advanceTimersByTime(6_000);
    });
    expect(visibleSlide()).toBe('2 of 3');

    act(() => screen.getByRole('button', { name: 'Pause slide show' }).click());
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(visibleSlide()).toBe('2 of 3');
    expect(screen.getByRole('button', { name: 'Play slide show' })).toBeInTheDocument();
  });
});
