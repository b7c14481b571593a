// `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173, proxying /api.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@wellspring/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@wellspring/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && stop()));
