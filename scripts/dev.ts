// `npm run dev`: the storefront server, restarted on every change, and Vite's dev server with hot
// reload on http://127.0.0.1:5173, which proxies the API paths to it. Ctrl-C stops both.
import { spawn, type ChildProcess } from 'node:child_process';

const bin = (name: string) => `node_modules/.bin/${name}`;
const children: ChildProcess[] = [
  // The pages come from Vite's origin, so the embedded payments emulator must take card confirmations from it.
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, CORS_ORIGINS: process.env.CORS_ORIGINS ?? 'http://127.0.0.1:5173' },
  }),
  spawn(bin('vite'), ['--host', '127.0.0.1', '--port', '5173', '--strictPort'], { stdio: 'inherit' }),
];

function stopAll(signal: NodeJS.Signals): void {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}

process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
