// Loads the Firebase Auth SDK on demand (never in the first chunk) and connects it to the emulator when configured.
import type * as FirebaseAuthModule from 'firebase/auth';
import type { Auth } from 'firebase/auth';
import { loadRuntimeConfig } from '../lib/runtime-config';

export interface FirebaseAuthKit {
  auth: Auth;
  sdk: typeof FirebaseAuthModule;
}

let kitPromise: Promise<FirebaseAuthKit> | null = null;

async function initFirebaseAuth(): Promise<FirebaseAuthKit> {
  const [config, { initializeApp }, sdk] = await Promise.all([loadRuntimeConfig(), import('firebase/app'), import('firebase/auth')]);
  const { emulatorUrl, ...appOptions } = config.firebase;
  const auth = sdk.getAuth(initializeApp(appOptions));
  if (emulatorUrl) sdk.connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  return { auth, sdk };
}

/** The one Firebase Auth instance, initialised on first call; a failed load is retried on the next call. */
export function loadFirebaseAuth(): Promise<FirebaseAuthKit> {
  kitPromise ??= initFirebaseAuth().catch((error: unknown) => {
    kitPromise = null;
    throw error;
  });
  return kitPromise;
}
