// Loads web-vitals after the first paint and POSTs each metric to /vitals as JSON (SPEC.md §7).
import type { Metric } from 'web-vitals';

const VITALS_URL = '/vitals';

function sendVital(metric: Metric): void {
  const body = JSON.stringify({
    name: metric.name,
    value: metric.value,
    rating: metric.rating,
    id: metric.id,
    path: window.location.pathname,
  });
  // keepalive lets the report leave even while the page is being hidden or closed.
  fetch(VITALS_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true }).catch(() => {
    // A lost report is harmless; the page must not notice.
  });
}

async function startReporting(): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  for (const onMetric of [onCLS, onFCP, onINP, onLCP, onTTFB]) onMetric(sendVital);
}

/** Starts the report once the page has loaded and painted, so it never competes with the first render. */
export function reportWebVitalsAfterFirstPaint(): void {
  const start = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        startReporting().catch(() => {
          // Without the library there is simply no report.
        });
      }, 0),
    );
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
