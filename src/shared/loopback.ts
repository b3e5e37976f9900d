// The names that reach only this machine: where the embedded emulators may listen without
// ALLOW_EMULATORS_ON_NETWORK (src/server/config.ts), whose pages the storefront's boot seam lets
// sign in with them (src/server/boot/stand-ins.ts), and the only Host the mail catcher's inbox
// answers to (src/emulators/mail). Here because both the storefront and the stand-ins ask.
export function isLoopbackHost(host: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);
}
