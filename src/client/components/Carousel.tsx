// The decorative image carousel on home: auto-advances, with pause, previous/next and slide buttons, and a fixed height.
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';

export interface Slide {
  src: string;
  alt: string;
  caption: string;
}

const SLIDE_INTERVAL_MS = 6_000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

function onReducedMotionChange(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/**
 * Whether the visitor asked for less motion. The server, which renders home too, cannot know: its
 * HTML plays, and the browser reads the preference once it has taken that HTML over.
 */
function useReducedMotion(): boolean {
  return useSyncExternalStore(onReducedMotionChange, prefersReducedMotion, () => false);
}

export function Carousel({ slides, label }: { slides: readonly Slide[]; label: string }) {
  const [current, setCurrent] = useState(0);
  const reducedMotion = useReducedMotion();
  // Until the visitor presses play or pause, it plays unless they asked for less motion.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const playing = chosen ?? !reducedMotion;
  const [held, setHeld] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (!playing || held || count < 2) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % count), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing, held, count]);

  const show = (index: number) => setCurrent((index + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative overflow-hidden bg-neutral"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div aria-live={playing ? 'off' : 'polite'} className="relative aspect-[8/3]">
        {slides.map((slide, index) => (
          <div
            key={slide.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            aria-hidden={index !== current}
            className={`absolute inset-0 transition-opacity duration-700 ${index === current ? 'opacity-100' : 'opacity-0'}`}
          >
            <img
              src={slide.src}
              alt={slide.alt}
              width={1600}
              height={600}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding="async"
              className="h-full w-full object-cover"
            />
            <p className="absolute bottom-4 left-4 hidden max-w-md rounded-xl bg-neutral/85 px-5 py-3 text-lg font-semibold text-neutral-content md:block lg:bottom-16 lg:left-12 lg:text-2xl">
              {slide.caption}
            </p>
          </div>
        ))}
      </div>

      <div className="flex items-center justify-between gap-3 bg-neutral px-4 py-2 text-neutral-content">
        <p className="min-h-[2lh] min-w-0 text-sm leading-snug md:hidden">{slides[current]?.caption}</p>
        <div className="ml-auto flex items-center gap-1">
          <button type="button" className="btn btn-ghost btn-sm btn-square text-neutral-content" onClick={() => setChosen(!playing)}>
            {playing ? <Pause className="h-4 w-4" aria-hidden="true" /> : <Play className="h-4 w-4" aria-hidden="true" />}
            <span className="sr-only">{playing ? 'Pause slide show' : 'Play slide show'}</span>
          </button>
          <button type="button" className="btn btn-ghost btn-sm btn-square text-neutral-content" onClick={() => show(current - 1)}>
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
            <span className="sr-only">Previous slide</span>
          </button>
          {slides.map((slide, index) => (
            <button
              key={slide.src}
              type="button"
              aria-current={index === current}
              className="flex h-8 w-6 items-center justify-center"
              onClick={() => show(index)}
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 w-2.5 rounded-full ${index === current ? 'bg-accent' : 'bg-neutral-content/50'}`}
              />
              <span className="sr-only">Show slide {index + 1}</span>
            </button>
          ))}
          <button type="button" className="btn btn-ghost btn-sm btn-square text-neutral-content" onClick={() => show(current + 1)}>
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
            <span className="sr-only">Next slide</span>
          </button>
        </div>
      </div>
    </section>
  );
}
