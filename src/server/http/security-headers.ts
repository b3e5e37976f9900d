// The security headers every answer carries, with a Content-Security-Policy derived from the
// runtime configuration (so Stripe, Firebase and the emulators work in every run mode). They are
// the same for every request of a run, so they are worked out once at boot and only copied onto
// each reply: helmet's Fastify plugin rebuilt them on every request, which cost more than a read.
import type { RuntimeConfig } from '../../shared/payments';

const FIREBASE_API_ORIGINS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
/** Firebase's popup sign-in (Google) loads gapi, which opens the auth domain's iframe. */
const GOOGLE_API_SCRIPTS = 'https://apis.google.com';
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';

/** The Content-Security-Policy directives for the pages of this run mode. */
function contentSecurityPolicy(runtimeConfig: RuntimeConfig): Record<string, string[]> {
  const { firebase, payments } = runtimeConfig;
  const emulators = [firebase.emulatorUrl, payments.mode === 'emulator' ? payments.apiBase : undefined]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).origin);
  const stripe = payments.mode === 'stripe';
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", GOOGLE_API_SCRIPTS, ...(stripe ? STRIPE_SCRIPTS : [])],
    'script-src-attr': ["'none'"],
    // react-toastify inserts its stylesheet as a <style> element at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...FIREBASE_API_ORIGINS, ...(stripe ? [STRIPE_API] : []), ...emulators],
    // Firebase's sign-in iframe comes from the auth domain, or from the Auth emulator.
    'frame-src': [
      `https://${firebase.authDomain}`,
      ...(firebase.emulatorUrl ? [new URL(firebase.emulatorUrl).origin] : []),
      ...(stripe ? STRIPE_FRAMES : []),
    ],
    'worker-src': ["'self'"],
  };
  // Emulators answer on plain http: upgrading would break them; real deployments serve https only.
  if (emulators.length === 0) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** `name source source; name …` as browsers read it; a directive without sources stands alone. */
function policyText(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

/** Every header, by name: the policy above and the browser protections helmet's defaults turn on. */
export function securityHeaders(runtimeConfig: RuntimeConfig): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': policyText(contentSecurityPolicy(runtimeConfig)),
    // Firebase's sign-in popup reports back to its opener.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    // Firebase API keys are often restricted to the shop's referrer.
    'referrer-policy': 'strict-origin-when-cross-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    // The legacy XSS auditor did more harm than good; 0 turns it off where it still exists.
    'x-xss-protection': '0',
  });
}
