// `npm run dev`: the API with reload on :3000 and Vite's dev server on :5173, which proxies /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';

// Same data folder as `npm start`, although npm runs each workspace script in its own folder.
const env = { ...process.env, DATA_DIR: path.resolve(process.env.DATA_DIR ?? 'data') };
const children = [
  spawn('npm', ['run', 'dev', '-w', '@portal/api'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@portal/web'], { stdio: 'inherit', env }),
];
console.log('API on http://127.0.0.1:3000, web with hot reload on http://localhost:5173');

const stopAll = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
