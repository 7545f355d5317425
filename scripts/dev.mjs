#!/usr/bin/env node
// Development: the API with reload on change (port 3000) and the Vite dev server (port 5173),
// which proxies /api, /media and /ws to the API.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '-w', '@rebound/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@rebound/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
