// The names that reach only this machine: where the embedded emulators may listen without
// ALLOW_EMULATORS_ON_NETWORK (config.ts), and the only Host the mail catcher's inbox answers to.
export function isLoopbackHost(host: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);
}
